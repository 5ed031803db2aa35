import { z } from 'zod';
import { daysBetween, MAX_STATS_DAYS, statsRange } from './insights.js';
import { moneySchema } from './orders.js';

export {
  BILLING_LABELS,
  BILLING_OPTIONS,
  BILLINGS,
  type Billing,
  billingOf,
  PER_MONTH,
} from './billing.js';

/**
 * Monthly retainers: a pricing package is sold one-off (one PayPal Checkout payment) or monthly (a
 * PayPal subscription through the REST Subscriptions API, billed every month until cancelled). An
 * order of a monthly package is paid by its subscription's first charge; every later charge is a
 * payment of the same order, with its own invoice and receipt. Shared by the server and the SPA.
 *
 * Customer: POST /api/orders/{id}/paypal-subscription          → PaypalSubscriptionCreated (own UnPaid
 *                                                                monthly order: created at PayPal)
 *           POST /api/orders/{id}/paypal-subscription/activate  ActivateSubscription → SubscriptionActivation
 *                                                                (the buyer approved: the server asks
 *                                                                PayPal, never trusts the browser)
 *           GET  /api/subscriptions                             → Subscription[] (own, newest first)
 *           POST /api/subscriptions/{id}/cancel                 → Subscription (at PayPal; service runs
 *                                                                to the end of the paid month)
 * Admin:    GET  /api/admin/orders/{id}/subscription            → Subscription | 404
 *           POST /api/admin/orders/{id}/subscription/suspend    AdminSubscriptionAction → Subscription (pause)
 *           POST /api/admin/orders/{id}/subscription/activate   AdminSubscriptionAction → Subscription (resume)
 *           POST /api/admin/orders/{id}/subscription/cancel     AdminSubscriptionAction → Subscription
 *           POST /api/admin/orders/{id}/subscription/migrate    → Subscription (to the package's current
 *                                                                price's plan)
 *           GET  /api/admin/subscriptions/stats?from&to         → SubscriptionStats (the admin home)
 * PayPal:   webhooks BILLING.SUBSCRIPTION.* and PAYMENT.SALE.* through POST /api/payments/paypal/webhook
 */

/**
 * A subscription's status, as PayPal names it. APPROVAL_PENDING: made at PayPal, not approved yet;
 * ACTIVE: billed every month; SUSPENDED: paused (by an admin, or by PayPal after its retries of a
 * failed charge); CANCELLED: no further charges (the service runs to `endsAt`); EXPIRED: ended.
 */
export const SUBSCRIPTION_STATUSES = [
  'APPROVAL_PENDING',
  'ACTIVE',
  'SUSPENDED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What the customer and the admins read for each status. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  APPROVAL_PENDING: 'Waiting for approval at PayPal',
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Ended',
};

/** Who changed a subscription's status: PayPal (its webhook or reconciliation), the customer, an admin. */
export const SUBSCRIPTION_ACTORS = ['paypal', 'customer', 'admin'] as const;
export type SubscriptionActor = (typeof SUBSCRIPTION_ACTORS)[number];

export const SUBSCRIPTION_TEXTS = {
  notMonthly: 'This order is not a monthly plan: pay it with PayPal Checkout.',
  monthlyOnly: 'This order is a monthly plan: subscribe to pay it.',
  notPayable: 'This order cannot be subscribed to: it is not unpaid.',
  notApproved: 'PayPal has not confirmed your subscription yet. Please approve it at PayPal.',
  activated: 'Subscription active. Thank you!',
  activating:
    'PayPal approved your subscription and is taking the first payment: we will e-mail your receipt.',
  unknownSubscription: 'That subscription is not the one made for this order.',
  notFound: 'No such subscription.',
  cancelConfirm: (endsAt: string) =>
    `Cancel this subscription? Nothing more is charged; the service continues until ${endsAt}.`,
  cancelled: (endsAt: string) => `Subscription cancelled: the service continues until ${endsAt}.`,
  cancelledAlready: 'This subscription is cancelled already.',
  notCancellable: 'Only an active or suspended subscription can be cancelled.',
  notSuspendable: 'Only an active subscription can be paused.',
  notResumable: 'Only a suspended subscription can be resumed.',
  suspended: 'Subscription paused: nothing is charged until it is resumed.',
  resumed: 'Subscription resumed: billing continues.',
  migrated: (price: string) => `Subscription moved to the current price, ${price}/month.`,
  migrateNothing: 'This subscription already has the package’s current price.',
  notMigratable: 'Only an active or suspended subscription can be moved to another price.',
  packageGone:
    'The package of this subscription is no longer on sale: there is no price to move to.',
  paymentFailed:
    'PayPal could not take the last payment. Please update your payment method at PayPal.',
  fixAtPaypal: 'Fix the payment at PayPal',
  paypalUnavailable: 'PayPal could not be reached. Please try again in a moment.',
} as const;

/** The PayPal subscription made for one of our orders: the subscription buttons approve it. */
export const paypalSubscriptionCreatedSchema = z
  .object({ subscriptionId: z.string() })
  .meta({ id: 'PaypalSubscriptionCreated' });
export type PaypalSubscriptionCreated = z.infer<typeof paypalSubscriptionCreatedSchema>;

/** The buttons' onApprove names the subscription the buyer approved; the server checks it at PayPal. */
export const activateSubscriptionSchema = z
  .strictObject({ subscriptionId: z.string().trim().min(1).max(64) })
  .meta({ id: 'ActivateSubscription' });
export type ActivateSubscription = z.infer<typeof activateSubscriptionSchema>;

/**
 * What confirming the approval found at PayPal: active (the first charge is on its way or taken; the
 * order is Paid once it is), or not approved (the buyer did not finish at PayPal).
 */
export const subscriptionActivationSchema = z
  .object({ outcome: z.enum(['active', 'not-approved']), message: z.string() })
  .meta({ id: 'SubscriptionActivation' });
export type SubscriptionActivation = z.infer<typeof subscriptionActivationSchema>;

/** An admin's pause, resume or cancel: the reason is told to PayPal and kept in the audit log. */
export const adminSubscriptionActionSchema = z
  .strictObject({ reason: z.string().trim().min(1, 'Reason is required').max(127) })
  .meta({ id: 'AdminSubscriptionAction' });
export type AdminSubscriptionAction = z.infer<typeof adminSubscriptionActionSchema>;

/** One monthly charge PayPal took: a payment of the subscription's order, with its own invoice. */
export const subscriptionPaymentSchema = z
  .object({
    /** PayPal's sale id (the transaction). */
    saleId: z.string(),
    amount: moneySchema,
    paidAt: z.iso.datetime(),
    /** 1 for the first charge, then 2, 3… */
    sequence: z.number().int(),
    /** The invoice of this charge (null until it is issued, a moment after the charge arrives). */
    invoiceId: z.uuid().nullable(),
    invoiceNumber: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionPayment' });
export type SubscriptionPayment = z.infer<typeof subscriptionPaymentSchema>;

export const subscriptionSchema = z
  .object({
    _id: z.uuid(),
    orderId: z.uuid(),
    /** PayPal's subscription id (I-…). */
    paypalSubscriptionId: z.string(),
    packageName: z.string(),
    /** The monthly price of the subscription's plan (USD). */
    price: moneySchema,
    /** The package's price now, when it differs (an admin may migrate the subscription to it). */
    currentPrice: moneySchema.nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** When PayPal charges next (ACTIVE only). */
    nextBillingAt: z.iso.datetime().nullable(),
    /** A cancelled subscription's paid period ends then: the service continues until it. */
    endsAt: z.iso.datetime().nullable(),
    startedAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    /** Who cancelled or paused it last. */
    statusChangedBy: z.enum(SUBSCRIPTION_ACTORS).nullable(),
    /** Failed charges since the last good one (PayPal retries; then it suspends). */
    failedPayments: z.number().int(),
    lastFailedAt: z.iso.datetime().nullable(),
    /** Where the customer fixes a failed payment at PayPal (null while nothing failed). */
    fixPaymentUrl: z.string().nullable(),
    /** Every charge, newest first. */
    payments: z.array(subscriptionPaymentSchema),
    /** The sum of the charges (exact). */
    totalPaid: moneySchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * The admin home's range for the retainer figures, as for its other charts (`from`..`to`, UTC days;
 * default the last 90 days ending today; at most ten years).
 */
export const subscriptionStatsQuerySchema = z
  .object({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  })
  .superRefine((query, ctx) => {
    // A malformed day has its own issue already (zod runs this refinement anyway).
    const isDay = (day: string | undefined) =>
      day === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)));
    if (!isDay(query.from) || !isDay(query.to)) return;
    const { from, to } = statsRange(query);
    if (to < from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    } else if (daysBetween(from, to) + 1 > MAX_STATS_DAYS.month) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `from must be at most ${MAX_STATS_DAYS.month} days before to`,
      });
    }
  });
export type SubscriptionStatsQuery = z.output<typeof subscriptionStatsQuerySchema>;

/** The admin home's retainer figures for the chosen range (the stats range, `from`..`to`, UTC days). */
export const subscriptionStatsSchema = z
  .object({
    /** Monthly recurring revenue now: the sum of the ACTIVE subscriptions' monthly prices. */
    mrr: moneySchema,
    active: z.number().int(),
    suspended: z.number().int(),
    /** Cancelled (or ended) within the range. */
    cancelled: z.number().int(),
    /** Subscriptions started within the range. */
    started: z.number().int(),
    /**
     * Churn: cancelled in the range over those active at its start plus those started in it, as a
     * percentage with one decimal (`"4.2"`); null when there were none to churn.
     */
    churnPercent: z.string().nullable(),
    /** Subscriptions whose last charge failed (not yet paid again): the admins follow them up. */
    failing: z.array(
      z.object({
        orderId: z.uuid(),
        customerEmail: z.string(),
        packageName: z.string(),
        failedPayments: z.number().int(),
        lastFailedAt: z.iso.datetime(),
        status: z.enum(SUBSCRIPTION_STATUSES),
      }),
    ),
    /** MRR at the end of each month of the range (oldest first), for the chart. */
    mrrByMonth: z.array(z.object({ month: z.string(), mrr: moneySchema })),
  })
  .meta({ id: 'SubscriptionStats' });
export type SubscriptionStats = z.infer<typeof subscriptionStatsSchema>;
