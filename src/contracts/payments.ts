import { z } from 'zod';
import { moneySchema } from './orders.js';
import { requiredEmail } from './text-fields.js';

/**
 * Payments: the PayPal receiving e-mail, the checkout hand-off (PayPal Payments Standard, spec §7) and
 * the record of PayPal's notifications (IPN). Shared by the server and the SPA.
 *
 * Admin:    GET  /api/admin/payment-accounts          → PaymentAccount[]
 *           POST /api/admin/payment-accounts          SavePaymentAccount → 201 PaymentAccount
 *           GET  /api/admin/payment-accounts/{id}     → PaymentAccount
 *           PUT  /api/admin/payment-accounts/{id}     SavePaymentAccount → PaymentAccount
 *           POST /api/admin/payment-accounts/{id}/activate → PaymentAccount (payments go to it)
 *           DELETE /api/admin/payment-accounts/{id}  → 204 (never the active one: 409)
 *           GET  /api/admin/orders/{id}/notifications → PaymentNotification[] (newest first)
 *           POST /api/admin/payment-notifications/{id}/verify → 202 (verify again)
 *           GET  /api/admin/orders/{id}/paypal        → OrderPaypal (the PayPal order and capture)
 *           POST /api/admin/orders/{id}/refund        → OrderPaypal (full refund, Checkout only)
 *           POST /api/admin/orders/{id}/unapplied-payments/{paymentId}/refund → OrderPaypal
 * Customer: GET  /api/orders/{id}/checkout            → Checkout (own UnPaid order)
 *           POST /api/orders/{id}/paypal-order        → PaypalOrderCreated (Checkout: create at PayPal)
 *           POST /api/orders/{id}/paypal-order/capture → CaptureResult (Checkout: capture on approval)
 * PayPal:   POST /api/payments/paypal/ipn             form-encoded IPN → empty 200 (public, cross-site)
 *           POST /api/payments/paypal/webhook         JSON webhook event → empty 200 (public, cross-site)
 * Simulator (PAYPAL_MODE=simulator only, its own module): POST /paypal-simulator/cgi-bin/webscr, and
 *   the Orders v2 calls, approval page and script of PayPal Checkout under /paypal-simulator/
 * Seed (admin): POST /api/add-email, GET /api/paypal-email, GET and PUT /api/paypal-email/{id}.
 */

/** The shop's listeners PayPal (or its simulator) posts to. */
export const PAYPAL_IPN_PATH = '/api/payments/paypal/ipn';
export const PAYPAL_WEBHOOK_PATH = '/api/payments/paypal/webhook';

export const PAYPAL_MODES = ['simulator', 'sandbox', 'live'] as const;
export type PaypalMode = (typeof PAYPAL_MODES)[number];
/** PayPal Checkout (Orders v2) or Payments Standard (the `_xclick` form). */
export const PAYMENT_INTEGRATIONS = ['checkout', 'standard'] as const;
export type PaymentIntegration = (typeof PAYMENT_INTEGRATIONS)[number];

export const PAYMENT_TEXTS = {
  accountAdded: 'Paypal Email Added',
  accountUpdated: 'Paypal Email Updated',
  accountActivated: (email: string) => `Payments now go to ${email}`,
  accountRemoved: (email: string) => `${email} removed`,
  activeAccountKept:
    'The active PayPal e-mail cannot be removed: make another one active first, then remove it.',
  notSetUp: 'Payments are not set up yet. Please contact us to complete your order.',
  waiting: 'Waiting for confirmation from PayPal…',
  notPayable: 'This order cannot be paid: it is not unpaid.',
  paid: 'Payment received. Thank you!',
  pending: 'PayPal is still completing this payment. We will e-mail you once it is confirmed.',
  declined: 'PayPal declined that payment method. Please choose another one.',
  review:
    'PayPal took a payment that does not match this order: we are checking it and will contact you.',
  cancelledAtPaypal:
    'You cancelled at PayPal. Your order is still unpaid: pay whenever you are ready.',
  refunded: 'Payment refunded',
  notRefundable: 'Only an order paid through PayPal Checkout can be refunded here.',
  refundUnderWay: 'A refund of this payment is already under way.',
  refundedAlready: 'This payment is refunded already.',
  noSuchPayment: 'No such payment.',
  refundInPaypal: (transaction: string) =>
    `Payments Standard payments are refunded in your PayPal account: refund transaction ${transaction} there.`,
  paypalUnavailable: 'PayPal could not be reached. Please try again in a moment.',
} as const;

export const savePaymentAccountSchema = z
  .strictObject({ paypalEmail: requiredEmail('Paypal Email') })
  .meta({ id: 'SavePaymentAccount' });
export type SavePaymentAccountInput = z.input<typeof savePaymentAccountSchema>;
export type SavePaymentAccount = z.output<typeof savePaymentAccountSchema>;

/** A PayPal receiving e-mail, with who changed it last and when; payments go to the active one. */
export const paymentAccountSchema = z
  .object({
    _id: z.uuid(),
    paypalEmail: z.string(),
    /** Whether payments go to this e-mail: exactly one is active while any is stored. */
    active: z.boolean(),
    updatedBy: z.string().nullable(),
    updatedAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PaymentAccount' });
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

/**
 * The checkout of one order: the PayPal Payments Standard form to post (spec §7), or why there is none
 * (no receiving e-mail stored yet).
 */
export const checkoutSchema = z
  .union([
    z.object({
      ready: z.literal(true),
      integration: z.literal('checkout'),
      mode: z.enum(PAYPAL_MODES),
      /** The REST app's client id, for PayPal's JavaScript SDK (public by design). */
      clientId: z.string(),
      /** The simulator's stand-in for PayPal's JavaScript SDK, or null for PayPal's own. */
      sdkUrl: z.string().nullable(),
      packageName: z.string(),
      amount: moneySchema,
    }),
    z.object({
      ready: z.literal(true),
      /** A monthly package: PayPal's subscription buttons (the REST Subscriptions API). */
      integration: z.literal('subscription'),
      mode: z.enum(PAYPAL_MODES),
      clientId: z.string(),
      sdkUrl: z.string().nullable(),
      packageName: z.string(),
      /** Charged every month. */
      amount: moneySchema,
    }),
    z.object({
      ready: z.literal(true),
      integration: z.literal('standard'),
      /** Where the browser posts the form (PayPal, its sandbox, or the built-in simulator). */
      action: z.string(),
      mode: z.enum(PAYPAL_MODES),
      /** The form's fields, in order: business, item_number, item_name, amount, … */
      fields: z.array(z.object({ name: z.string(), value: z.string() })),
      packageName: z.string(),
      amount: moneySchema,
    }),
    z.object({ ready: z.literal(false), message: z.string() }),
  ])
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof checkoutSchema>;

/** The PayPal order made for one of ours (Checkout): the buttons approve it. */
export const paypalOrderCreatedSchema = z
  .object({ paypalOrderId: z.string() })
  .meta({ id: 'PaypalOrderCreated' });
export type PaypalOrderCreated = z.infer<typeof paypalOrderCreatedSchema>;

export const CAPTURE_OUTCOMES = ['paid', 'pending', 'declined', 'review'] as const;
export type CaptureOutcome = (typeof CAPTURE_OUTCOMES)[number];
/**
 * What capturing an approved PayPal order did: paid; pending at PayPal (e-checks, reviews); declined
 * (the buyer picks another instrument: the buttons restart); or taken for review (never Paid).
 */
export const captureResultSchema = z
  .object({ outcome: z.enum(CAPTURE_OUTCOMES), message: z.string() })
  .meta({ id: 'CaptureResult' });
export type CaptureResult = z.infer<typeof captureResultSchema>;

export const PAYPAL_ORDER_STATUSES = [
  'CREATED',
  'APPROVED',
  'PENDING',
  'COMPLETED',
  'ABANDONED',
  'REFUNDING',
  'REFUNDED',
  'REVIEW',
] as const;

export const UNAPPLIED_PAYMENT_STATUSES = ['needs_attention', 'refunding', 'refunded'] as const;
/**
 * Money that arrived for an order that was not unpaid (paid already, cancelled, refunded): never applied
 * to the order, kept for the admins to refund.
 */
export const unappliedPaymentSchema = z
  .object({
    _id: z.uuid(),
    channel: z.enum(PAYMENT_INTEGRATIONS),
    /** The PayPal capture (Checkout) or transaction (Payments Standard). */
    reference: z.string(),
    amount: moneySchema,
    reason: z.string(),
    status: z.enum(UNAPPLIED_PAYMENT_STATUSES),
    refundId: z.string().nullable(),
    detail: z.string().nullable(),
    receivedAt: z.iso.datetime(),
    /** A Checkout capture not refunded yet: 'Refund this payment' applies. */
    refundable: z.boolean(),
  })
  .meta({ id: 'UnappliedPayment' });
export type UnappliedPayment = z.infer<typeof unappliedPaymentSchema>;
/** An order's PayPal Checkout record, for the admins: null ids until PayPal made them. */
export const orderPaypalSchema = z
  .object({
    integration: z.enum(PAYMENT_INTEGRATIONS),
    paypalOrderId: z.string().nullable(),
    status: z.enum(PAYPAL_ORDER_STATUSES).nullable(),
    captureId: z.string().nullable(),
    refundId: z.string().nullable(),
    detail: z.string().nullable(),
    /** Paid through Checkout and not refunded: the 'Refund' action applies. */
    refundable: z.boolean(),
    /** Payments that arrived while the order was not unpaid, oldest first. */
    unappliedPayments: z.array(unappliedPaymentSchema),
  })
  .meta({ id: 'OrderPaypal' });
export type OrderPaypal = z.infer<typeof orderPaypalSchema>;

export const NOTIFICATION_RESULTS = [
  'pending',
  'verified',
  'applied',
  'unapplied',
  'duplicate',
  'mismatch',
  'invalid',
  'recorded',
  'failed',
] as const;
export type NotificationResult = (typeof NOTIFICATION_RESULTS)[number];

/** One IPN message or webhook event as received, and what its verification found. */
export const paymentNotificationSchema = z
  .object({
    _id: z.uuid(),
    /** An IPN message (Payments Standard) or a webhook event (Checkout). */
    channel: z.enum(['ipn', 'webhook']),
    /** The webhook's event type (PAYMENT.CAPTURE.COMPLETED…); null for IPN. */
    eventType: z.string().nullable(),
    orderId: z.uuid().nullable(),
    /** The PayPal transaction (IPN) or capture (webhook). */
    txnId: z.string().nullable(),
    paymentStatus: z.string().nullable(),
    receivedAt: z.iso.datetime(),
    result: z.enum(NOTIFICATION_RESULTS),
    /** Why it was not applied (a mismatch, INVALID, PayPal unreachable…). */
    detail: z.string().nullable(),
    verifiedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PaymentNotification' });
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;
