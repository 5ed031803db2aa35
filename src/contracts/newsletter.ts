import { z } from 'zod';
import { pageOf, pageParams } from './paging.js';
import { AUTH_MESSAGES } from './identity.js';
import { requiredEmail } from './text-fields.js';

/**
 * The footer's newsletter sign-up, with double opt-in: shared by the server and the SPA.
 *
 * Public: POST /api/subscribers             Subscribe → 202 Notice (the same for a known address)
 *         POST /api/subscribers/confirm     SubscriberToken → 200 Notice | 400 invalid link
 *         POST /api/subscribers/unsubscribe SubscriberToken → 200 Notice | 400 invalid link
 * Admin:  GET    /api/admin/subscribers?page=&pageSize=&status= → SubscriberPage (newest first)
 *         GET    /api/admin/subscribers/export.csv?status=     → text/csv, streamed (every match)
 *         DELETE /api/admin/subscribers/{id}                   → 200 Notice | 404 (its links die too)
 * Seed:   POST /api/add-subscriber {subemail} → 201 Notice; GET /api/subscribers (admin) → Subscriber[]
 */

export const NEWSLETTER_MESSAGES = {
  /** The old site's alert, for a new, pending or already confirmed address alike. */
  requested: 'Subscribers Request is Sent',
  confirmed: 'Your subscription is confirmed. Thank you!',
  unsubscribed: 'You are unsubscribed. You will get no more newsletters.',
  /** The unsubscribe link of a campaign's test e-mail or preview (CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN). */
  testSend: 'This was a test send: nobody was unsubscribed.',
  invalidLink: AUTH_MESSAGES.invalidLink,
  removed: 'Subscriber is Removed',
  notFound: 'There is no such subscriber',
} as const;

/**
 * The unsubscribe token of a campaign's test e-mail and preview: its link works (the page and the
 * one-click POST answer NEWSLETTER_MESSAGES.testSend) and unsubscribes nobody.
 */
export const CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN = 'test-send-unsubscribes-nobody';

/**
 * bounced / complained: the address's mail provider reported a hard bounce (or soft bounces past the
 * threshold) or a spam complaint: nothing is ever sent to it again (`blockedReason`, `blockedAt` say
 * why and when); an import or a new sign-up never makes it pending again.
 */
export const SUBSCRIBER_STATUSES = [
  'pending',
  'confirmed',
  'unsubscribed',
  'bounced',
  'complained',
] as const;
/** The statuses no newsletter e-mail (campaign, welcome, confirmation) ever goes to. */
export const BLOCKED_SUBSCRIBER_STATUSES = ['bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** The footer form (spec: e-mail required). `subemail` is the old site's field name. */
export const subscribeSchema = z
  .strictObject({ subemail: requiredEmail('Email') })
  .meta({ id: 'Subscribe' });
export type SubscribeInput = z.input<typeof subscribeSchema>;
export type Subscribe = z.output<typeof subscribeSchema>;

/** The token of a confirmation or unsubscribe link. */
export const subscriberTokenSchema = z
  .strictObject({
    token: z
      .string({ error: NEWSLETTER_MESSAGES.invalidLink })
      .regex(/^[\w-]{20,200}$/, { error: NEWSLETTER_MESSAGES.invalidLink }),
  })
  .meta({ id: 'SubscriberToken' });
export type SubscriberToken = z.output<typeof subscriberTokenSchema>;

/** A subscriber as the admin reads it (the old admin's records: `_id`, `subemail`). */
export const subscriberSchema = z
  .object({
    _id: z.uuid(),
    subemail: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    createdAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
    /** Why nothing is sent to a bounced or complained address (the provider's words), and since when. */
    blockedReason: z.string().nullable(),
    blockedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof subscriberSchema>;

/** Spec page sizes: the admin home's 'Total Subscribers' and /all-subscriber/. */
export const SUBSCRIBER_PAGE_SIZES = { adminHome: 3, adminSubscribers: 5 } as const;
export const MAX_SUBSCRIBER_PAGE_SIZE = 50;

const STATUS_ERROR = `status must be one of ${SUBSCRIBER_STATUSES.join(', ')}`;

/** Which subscribers a list or an export shows: one status, or every address when left out. */
export const subscriberFilterSchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES, { error: STATUS_ERROR }).optional(),
});
export type SubscriberFilter = z.output<typeof subscriberFilterSchema>;

export const subscriberPageQuerySchema = subscriberFilterSchema.extend(
  pageParams(SUBSCRIBER_PAGE_SIZES.adminSubscribers, MAX_SUBSCRIBER_PAGE_SIZE),
);
export type SubscriberPageQuery = z.output<typeof subscriberPageQuerySchema>;

export const subscriberPageSchema = pageOf(subscriberSchema).meta({ id: 'SubscriberPage' });
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

/** The CSV export's address (the browser downloads it with the session cookie). */
export function subscribersExportPath(filter: SubscriberFilter = {}): string {
  return filter.status
    ? `/api/admin/subscribers/export.csv?status=${encodeURIComponent(filter.status)}`
    : '/api/admin/subscribers/export.csv';
}
