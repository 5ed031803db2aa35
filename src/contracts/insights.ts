import { z } from 'zod';
import { moneySchema, ORDER_STATUSES, PAYMENT_STATUSES } from './orders.js';

/**
 * The admin home at a glance: sales, orders by status and subscribers, per day, week or month.
 *
 * Admin: GET /api/admin/stats?from=&to=&bucket=day|week|month → AdminStats
 * Days are whole UTC days, both ends included; weeks start on Monday (ISO), months on the 1st. Every
 * bucket of the range is listed, empty ones with zeros; amounts are exact decimals with two places.
 */

export const STATS_BUCKETS = ['day', 'week', 'month'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

/** The ranges the admin home offers (days, ending today); 90 unless the URL says otherwise. */
export const STATS_RANGES = [30, 90, 365] as const;
export const DEFAULT_STATS_RANGE = 90;

/** The longest range per bucket (days), so a response stays a few hundred rows at most. */
export const MAX_STATS_DAYS: Record<StatsBucket, number> = { day: 731, week: 3653, month: 3653 };

const DAY_MS = 24 * 3600_000;
const dateError = 'must be a date (YYYY-MM-DD)';

/** Days between two ISO dates (`to` − `from`). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The ISO date `days` before (or after, if negative) the given one. */
export const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

const isDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

const today = () => new Date().toISOString().slice(0, 10);

/** The range a query asks for: `to` defaults to today (UTC), `from` to 90 days ending on `to`. */
export function statsRange(query: { from?: string; to?: string }) {
  const to = query.to ?? today();
  return { from: query.from ?? shiftDate(to, DEFAULT_STATS_RANGE - 1), to };
}

export const adminStatsQuerySchema = z
  .object({
    from: z.iso.date({ error: `from ${dateError}` }).optional(),
    to: z.iso.date({ error: `to ${dateError}` }).optional(),
    bucket: z
      .enum(STATS_BUCKETS, { error: `bucket must be one of ${STATS_BUCKETS.join(', ')}` })
      .default('day'),
  })
  .superRefine((query, ctx) => {
    // A malformed day has its own issue already (zod runs this refinement anyway).
    if (![query.from, query.to].every((day) => day === undefined || isDay(day))) return;
    const { from, to } = statsRange(query);
    if (to < from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
      return;
    }
    const max = MAX_STATS_DAYS[query.bucket];
    if (daysBetween(from, to) + 1 > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `from must be at most ${max} days before to for ${query.bucket} buckets`,
      });
    }
  });
export type AdminStatsQuery = z.output<typeof adminStatsQuerySchema>;
export type AdminStatsQueryInput = z.input<typeof adminStatsQuerySchema>;

const count = z.int().nonnegative();

/** One bucket of sales, by the orders' dates: every order placed, the paid ones and the refunded ones. */
export const salesBucketSchema = z
  .object({
    /** The bucket's first day (YYYY-MM-DD). */
    start: z.iso.date(),
    orders: count,
    paidOrders: count,
    paidTotal: moneySchema,
    refundedOrders: count,
    refundedTotal: moneySchema,
  })
  .meta({ id: 'SalesBucket' });
export type SalesBucket = z.infer<typeof salesBucketSchema>;

/** How many orders of the range are in each (delivery, payment) status pair; pairs with none left out. */
export const orderStageCountSchema = z
  .object({
    orderStatus: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    orders: count,
  })
  .meta({ id: 'OrderStageCount' });
export type OrderStageCount = z.infer<typeof orderStageCountSchema>;

/** Newsletter sign-ups in a bucket (by their first request) and unsubscriptions (by their date). */
export const subscriberBucketSchema = z
  .object({ start: z.iso.date(), gained: count, lost: count })
  .meta({ id: 'SubscriberBucket' });
export type SubscriberBucket = z.infer<typeof subscriberBucketSchema>;

export const adminStatsSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    bucket: z.enum(STATS_BUCKETS),
    sales: z.array(salesBucketSchema),
    stages: z.array(orderStageCountSchema),
    subscribers: z.array(subscriberBucketSchema),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;
