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
 *           GET  /api/admin/orders/{id}/notifications → PaymentNotification[] (newest first)
 *           POST /api/admin/payment-notifications/{id}/verify → 202 (verify again)
 * Customer: GET  /api/orders/{id}/checkout            → Checkout (own UnPaid order)
 * PayPal:   POST /api/payments/paypal/ipn             form-encoded IPN → empty 200 (public, cross-site)
 * Simulator (PAYPAL_MODE=simulator only): POST /paypal-simulator/cgi-bin/webscr
 * Seed (admin): POST /api/add-email, GET /api/paypal-email, GET and PUT /api/paypal-email/{id}.
 */

export const PAYPAL_MODES = ['simulator', 'sandbox', 'live'] as const;
export type PaypalMode = (typeof PAYPAL_MODES)[number];

export const PAYMENT_TEXTS = {
  accountAdded: 'Paypal Email Added',
  accountUpdated: 'Paypal Email Updated',
  notSetUp: 'Payments are not set up yet. Please contact us to complete your order.',
  waiting: 'Waiting for confirmation from PayPal…',
  notPayable: 'This order cannot be paid: it is not unpaid.',
} as const;

export const savePaymentAccountSchema = z
  .strictObject({ paypalEmail: requiredEmail('Paypal Email') })
  .meta({ id: 'SavePaymentAccount' });
export type SavePaymentAccountInput = z.input<typeof savePaymentAccountSchema>;
export type SavePaymentAccount = z.output<typeof savePaymentAccountSchema>;

/** A PayPal receiving e-mail, with who changed it last and when. */
export const paymentAccountSchema = z
  .object({
    _id: z.uuid(),
    paypalEmail: z.string(),
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
  .discriminatedUnion('ready', [
    z.object({
      ready: z.literal(true),
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

export const NOTIFICATION_RESULTS = [
  'pending',
  'verified',
  'applied',
  'duplicate',
  'mismatch',
  'invalid',
  'recorded',
  'failed',
] as const;
export type NotificationResult = (typeof NOTIFICATION_RESULTS)[number];

/** One IPN message as received, and what its verification found. */
export const paymentNotificationSchema = z
  .object({
    _id: z.uuid(),
    orderId: z.uuid().nullable(),
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
