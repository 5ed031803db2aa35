import { z } from 'zod';
import { BILLINGS } from './billing.js';
import { mailFlagSchema } from './newsletter-bounces.js';
import { pageOf, pageParams } from './paging.js';
import { PAYPAL_SIMULATOR_ROOT } from './paypal-simulator.js';
import { requiredText, storableString } from './text-fields.js';
import { ORDER_STAGES } from './workspace.js';

/**
 * Orders: shared by the server and the SPA (spec §2 order screens, §4 order and payment states, §5 order
 * form, §7 order calls, §9 page sizes and sums).
 *
 * Customer: POST /api/orders                    PlaceOrder → 201 Order
 *           GET  /api/orders/mine?page=&pageSize=&list= → OrderPage (own orders, newest first; admins
 *                                                    too; list=open: only the open ones)
 *           GET  /api/orders/summary             → CustomerOrderSummary
 *           GET  /api/orders/{id}                → Order (own only; someone else's id is a 404)
 *           GET  /api/orders/{id}/timeline       → OrderActivity[] (own only, oldest first, never
 *                                                    internal entries nor admins' addresses)
 *           POST /api/orders/{id}/cancel         → Order (own, UnPaid only; else 409 with the reason)
 * Admin:    GET  /api/admin/orders?page=&pageSize=&q=&paymentStatus=&orderStatus=&from=&to= → OrderPage
 *                                                    (all orders or the filtered ones, newest first)
 *           GET  /api/admin/orders/export.csv?q=&paymentStatus=&orderStatus=&from=&to= → text/csv
 *                                                    (the filtered orders, streamed, formula-safe)
 *           GET  /api/admin/orders/summary       → AdminOrderSummary
 *           GET  /api/admin/orders/{id}          → Order
 *           GET  /api/admin/orders/{id}/timeline → OrderActivity[] (every entry, oldest first)
 *           GET  /api/admin/orders/due?page=&pageSize= → OrderPage (Pending paid orders with a due
 *                                                    date, soonest first: the admin home's Due soon)
 *           PUT  /api/admin/orders/{id}/status   UpdateOrderStatus → Order
 *           POST /api/admin/orders/{id}/payment  RecordOfflinePayment → Order (UnPaid → Paid, offline)
 *           POST /api/admin/orders/{id}/cancel   CancelOrderAsAdmin → Order (UnPaid → Cancelled)
 * Seed:     POST /api/new-order (the package by packageName; price, e-mail and statuses ignored),
 *           GET /api/orders?page=&pageSize= → Order[] with X-Total-Count (customer: own; admin: all),
 *           GET /api/order/{id}, PUT /api/order-cancelled/{id} (own), PUT /api/order-status/{id} (admin)
 *
 * Money is an exact decimal string with two places ("49.00"), from PostgreSQL numeric to the screen:
 * never a JavaScript number.
 */

/**
 * Refunded: paid, then refunded in full through PayPal (a refund, or a dispute the buyer won). Disputed:
 * the buyer opened a dispute at PayPal, which holds the money until it is resolved. Reversed: PayPal took
 * the money back (a chargeback or a dispute lost). Only Paid counts in sums.
 */
export const PAYMENT_STATUSES = [
  'UnPaid',
  'Paid',
  'Cancelled',
  'Refunded',
  'Disputed',
  'Reversed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export { BILLINGS, type Billing } from './billing.js';

/**
 * How a dispute ended: 'seller' in the seller's favour (the money stays or came back: Paid), 'refunded'
 * the buyer was refunded (Refunded), 'reversed' PayPal took the money back (Reversed).
 */
export const DISPUTE_OUTCOMES = ['seller', 'refunded', 'reversed'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const ORDER_STATUSES = ['Pending', 'Delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an UnPaid order cannot be paid now: PayPal holds a payment of it as pending (e-checks, its own
 * review) or is completing one, or a payment of it did not match and is under the admins' review.
 */
export const PAYMENT_HOLDS = ['pending', 'review'] as const;
export type PaymentHold = (typeof PAYMENT_HOLDS)[number];

/**
 * A customer's order lists: every order (My Orders, the dashboard), or the open ones ('Your Pending
 * Orders'): orderStatus Pending and neither Cancelled nor Refunded.
 */
export const CUSTOMER_ORDER_LISTS = ['all', 'open'] as const;
export type CustomerOrderList = (typeof CUSTOMER_ORDER_LISTS)[number];

/** Spec §9 page sizes. */
export const ORDER_PAGE_SIZES = {
  customerDashboard: 3,
  customerOrders: 5,
  adminHome: 3,
  adminOrders: 7,
} as const;
export const MAX_ORDER_PAGE_SIZE = 50;

/** The texts the screens show (spec §2, §4, §7, §8). */
export const ORDER_TEXTS = {
  formTitle: 'Buying Your SEO Plan',
  placeOrder: 'Place Order Now',
  pendingTitle: 'Your Pending Orders',
  myOrdersTitle: 'My Orders',
  dashboardTitle: 'Welcome to User Dashboard',
  payNow: 'Pay Now',
  paid: 'You Have Paid',
  cancelled: 'You Have Cancelled',
  refunded: 'Refunded',
  disputed: 'Payment disputed at PayPal',
  reversed: 'Payment reversed by PayPal',
  paymentPending: 'Payment pending at PayPal',
  paymentUnderReview: 'Payment under review',
  cancelPage: 'You have cancelled the payment',
  statusUpdated: 'OrderStatus is Updated',
  notYours: 'No such order.',
  notUnpaid: 'Only an unpaid order can be cancelled.',
  subscriptionActive:
    'This order’s monthly subscription is active at PayPal: cancel the subscription instead.',
  notPayable: 'Only an unpaid order can be marked paid.',
  notRefundable: 'Only a paid order can be refunded.',
  cancelledNotDeliverable: 'This order was cancelled, so it cannot be delivered.',
  paymentInProgress:
    'A PayPal payment of this order is being completed, so it cannot be changed now. Please try again in a minute.',
  alreadyPaid: 'This order is paid already.',
  cancelledNotPayable: 'This order was cancelled, so it cannot be paid.',
  refundedNotPayable: 'This order was refunded, so it cannot be paid again.',
  disputedNotPayable: 'This order’s payment is disputed at PayPal, so it cannot be paid again.',
  reversedNotPayable: 'This order’s payment was reversed by PayPal, so it cannot be paid again.',
  notDisputable: 'Only a paid order’s payment can be disputed.',
  otherDisputeOpen: 'The order’s payment is disputed already, in another dispute.',
  notResolvableForSeller:
    'Only a disputed or reversed payment can be resolved in the seller’s favour.',
  notResolvableAgainstSeller:
    'Only a paid or disputed payment can be refunded or reversed by a dispute.',
  otherDisputeResolved: 'The resolution names another dispute than the order’s.',
  packageMissing: 'No such package.',
  workNeedsPayment: 'The work on this order starts once it is paid.',
  workCompleted: 'This order is delivered and approved already.',
  workAwaitsDetails: 'The customer has not sent the order’s details yet.',
  nothingToApprove: 'Nothing was delivered on this order since it was last approved or reopened.',
  orderPageTitle: 'Order',
  timelineTitle: 'Timeline',
  dueDate: 'Due date',
  dueAfterDetails: 'Set when you send your details',
  noDueDate: 'Not set',
  dueSoonTitle: 'Due soon / overdue',
  overdue: 'Overdue',
  noDueOrders: 'No paid order is waiting with a due date.',
  viewOrder: 'View order',
} as const;

/** The optional billing details of the order form, named on the order's invoice. */
export const BILLING_LIMITS = { companyName: 100, billingAddress: 300, taxId: 50 } as const;

/** An optional plain text: trimmed, at most `max` characters; empty means not given (null). */
const optionalText = (label: string, max: number) =>
  storableString(label)
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .transform((value) => value || null)
    .nullish();

/** A decimal amount of US dollars with two places, as the API sends it ("1234.50"). */
export const moneySchema = z
  .string()
  .regex(/^\d{1,10}\.\d{2}$/)
  .meta({ description: 'US dollars, an exact decimal with two places', example: '49.00' });
export type Money = z.infer<typeof moneySchema>;

/**
 * The order form (spec §5): the package by its id, and the customer's full name; optionally the
 * company, billing address and tax id the invoice names (the seed's calls send none of them).
 */
export const placeOrderSchema = z
  .strictObject({
    packageId: z.uuid({ error: ORDER_TEXTS.packageMissing }),
    customerName: requiredText('Full Name', 100),
    companyName: optionalText('Company Name', BILLING_LIMITS.companyName),
    billingAddress: optionalText('Billing Address', BILLING_LIMITS.billingAddress),
    taxId: optionalText('Tax ID', BILLING_LIMITS.taxId),
  })
  .meta({ id: 'PlaceOrder' });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

export const updateOrderStatusSchema = z
  .strictObject({
    orderStatus: z.enum(ORDER_STATUSES, { error: 'Order Status must be Pending or Delivered' }),
  })
  .meta({ id: 'UpdateOrderStatus' });
export type UpdateOrderStatus = z.output<typeof updateOrderStatusSchema>;

/** An admin records a payment received outside PayPal, or cancels, with a reason kept on the order. */
export const orderNoteSchema = z
  .strictObject({ reason: requiredText('Reason', 500) })
  .meta({ id: 'OrderNote' });
export type OrderNote = z.output<typeof orderNoteSchema>;

export const orderPageQuerySchema = z.object(
  pageParams(ORDER_PAGE_SIZES.customerOrders, MAX_ORDER_PAGE_SIZE),
);
export type OrderPageQuery = z.output<typeof orderPageQuerySchema>;

/** The admin home's Due soon / overdue list: 3 a page, like its other tables. */
export const dueOrderPageQuerySchema = z.object(
  pageParams(ORDER_PAGE_SIZES.adminHome, MAX_ORDER_PAGE_SIZE),
);
export type DueOrderPageQuery = z.output<typeof dueOrderPageQuerySchema>;

/** The customer's list: every own order, or only the open ones (`list=open`). */
export const customerOrderPageQuerySchema = orderPageQuerySchema.extend({
  list: z.enum(CUSTOMER_ORDER_LISTS, { error: 'list must be all or open' }).default('all'),
});
export type CustomerOrderPageQuery = z.output<typeof customerOrderPageQuerySchema>;

const orderDayError = 'must be a date (YYYY-MM-DD)';

/**
 * The admins' filters of the orders (the list and its CSV export): a part of the customer's name or
 * e-mail (any case), the payment and order states, order days from/to (inclusive, UTC), and billing
 * (one-off or monthly).
 */
const adminOrderFilterShape = {
  q: storableString('q')
    .trim()
    .max(100, { error: 'q must be at most 100 characters' })
    .transform((q) => q || undefined)
    .optional(),
  paymentStatus: z
    .enum(PAYMENT_STATUSES, {
      error: `Payment Status must be one of ${PAYMENT_STATUSES.join(', ')}`,
    })
    .optional(),
  orderStatus: z
    .enum(ORDER_STATUSES, { error: `Order Status must be one of ${ORDER_STATUSES.join(', ')}` })
    .optional(),
  from: z.iso.date({ error: `from ${orderDayError}` }).optional(),
  to: z.iso.date({ error: `to ${orderDayError}` }).optional(),
  /** One-off orders only, or monthly ones only. */
  billing: z.enum(BILLINGS, { error: `billing must be one of ${BILLINGS.join(', ')}` }).optional(),
};

const fromNotAfterTo = <Days extends { from?: string; to?: string }>(days: Days) =>
  !days.from || !days.to || days.from <= days.to;
const TO_BEFORE_FROM = { path: ['to'], error: 'to must not be before from' };

/** GET /api/admin/orders/export.csv: the filtered orders, newest first. */
export const adminOrderFilterSchema = z
  .object(adminOrderFilterShape)
  .refine(fromNotAfterTo, TO_BEFORE_FROM);
export type AdminOrderFilter = z.output<typeof adminOrderFilterSchema>;
export type AdminOrderFilterInput = z.input<typeof adminOrderFilterSchema>;

/** The admins' list: every order, or the filtered ones (the admin home's open disputes: one payment state). */
export const adminOrderPageQuerySchema = z
  .object({
    ...pageParams(ORDER_PAGE_SIZES.customerOrders, MAX_ORDER_PAGE_SIZE),
    ...adminOrderFilterShape,
  })
  .refine(fromNotAfterTo, TO_BEFORE_FROM);
export type AdminOrderPageQuery = z.output<typeof adminOrderPageQuerySchema>;

/** The filters' query parameters (`q=…&paymentStatus=…`), in the schema's order, unset ones left out. */
export function adminOrderFilterParams(filter: AdminOrderFilterInput = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(adminOrderFilterShape) as (keyof AdminOrderFilterInput)[]) {
    const value = filter[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** Where the admins download the orders (the filtered ones) as CSV. */
export function adminOrdersExportPath(filter: AdminOrderFilterInput = {}): string {
  const query = adminOrderFilterParams(filter).toString();
  return `/api/admin/orders/export.csv${query ? `?${query}` : ''}`;
}

/** A disputed amount in the dispute's currency: an exact decimal string with two places. */
const disputeAmountSchema = z.string().regex(/^\d{1,10}\.\d{2}$/);

/**
 * The buyer's latest dispute of the order's payment at PayPal, as PayPal reported it. A dispute that
 * was resolved before its opening was reported has only its resolution (and its id, when PayPal named it).
 */
export const orderDisputeSchema = z
  .object({
    /** PayPal's dispute id (PP-D-…) or a Payments Standard case id; null when PayPal named none. */
    id: z.string().nullable(),
    /** PayPal's reason code (MERCHANDISE_OR_SERVICE_NOT_RECEIVED, …) or a case type (chargeback, …). */
    reason: z.string().nullable(),
    amount: disputeAmountSchema.nullable(),
    /** ISO 4217 code of the disputed amount. */
    currency: z.string().nullable(),
    openedAt: z.iso.datetime().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
    outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
    /** Where an admin answers it: PayPal's Resolution Center (its sandbox's, or the simulator). */
    resolutionCentreUrl: z.string(),
  })
  .meta({ id: 'OrderDispute' });
export type OrderDispute = z.infer<typeof orderDisputeSchema>;

/** An order as customers and admins read it (`_id` and the seed's field names). */

export const orderSchema = z
  .object({
    _id: z.uuid(),
    packageId: z.uuid(),
    packageName: z.string(),
    packagePrice: moneySchema,
    /** One-off, or monthly: paid by a PayPal subscription (its price is per month). */
    billing: z.enum(BILLINGS),
    customerEmail: z.string(),
    customerName: z.string(),
    customerAddress: z.string(),
    customerCountry: z.string(),
    /** The order form's optional billing details (null when not given), named on the invoice. */
    companyName: z.string().nullable(),
    billingAddress: z.string().nullable(),
    taxId: z.string().nullable(),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    orderStatus: z.enum(ORDER_STATUSES),
    /** When it was placed (ISO); the screens show it MM/DD/YYYY. */
    orderDate: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    /** 'paypal' or 'offline' once Paid. */
    paidVia: z.enum(['paypal', 'offline']).nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    refundedAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    /** Why an admin recorded an offline payment or cancelled it. */
    note: z.string().nullable(),
    /** Set when a payment notification did not match the order; shown to admins. */
    reviewReason: z.string().nullable(),
    /** Refunded / Reversed / Canceled_Reversal as PayPal reported it later; shown to admins. */
    paymentEvent: z.string().nullable(),
    /** The buyer's latest dispute of the payment; null when there was none. */
    dispute: orderDisputeSchema.nullable(),
    /** An UnPaid order whose payment is pending at PayPal or under review: no Pay Now; else null. */
    paymentHold: z.enum(PAYMENT_HOLDS).nullable(),
    /** The workspace's stage (contracts/workspace.ts), shown on the order page. */
    stage: z.enum(ORDER_STAGES),
    intakeSubmittedAt: z.iso.datetime().nullable(),
    /** When the work is due: the package's delivery time after the intake's submission. */
    dueAt: z.iso.datetime().nullable(),
    /** When files were last delivered (the customer approves or asks for changes). */
    workDeliveredAt: z.iso.datetime().nullable(),
    approvedAt: z.iso.datetime().nullable(),
    /**
     * Admins only: the customer's address is a bounced or complained newsletter address (mail to it
     * still goes out, it may not arrive); null when it is not, absent for customers.
     */
    customerMailFlag: mailFlagSchema.nullable().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const orderPageSchema = pageOf(orderSchema).meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof orderPageSchema>;

export const customerOrderSummarySchema = z
  .object({ orderCount: z.number().int(), totalSpent: moneySchema })
  .meta({ id: 'CustomerOrderSummary' });
export type CustomerOrderSummary = z.infer<typeof customerOrderSummarySchema>;

export const adminOrderSummarySchema = z
  .object({
    orderCount: z.number().int(),
    paidCount: z.number().int(),
    totalSales: moneySchema,
  })
  .meta({ id: 'AdminOrderSummary' });
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

/** A disputed amount as the screens and e-mails show it: '$49.00' in dollars, '45.00 EUR' otherwise. */
export function formatDisputedAmount(amount: string | null, currency: string | null): string {
  if (amount === null) return 'an amount PayPal did not state';
  return currency === 'USD' ? formatMoney(amount) : `${amount} ${currency ?? ''}`.trim();
}

/**
 * PayPal's Resolution Center, where an admin answers a dispute: the sandbox's in sandbox mode, and with
 * the simulator its stand-in at PayPal's path, which opens and resolves disputes.
 */
export function resolutionCentreUrl(mode: 'simulator' | 'sandbox' | 'live'): string {
  if (mode === 'live') return 'https://www.paypal.com/resolutioncenter';
  if (mode === 'sandbox') return 'https://www.sandbox.paypal.com/resolutioncenter';
  return `${PAYPAL_SIMULATOR_ROOT}/resolutioncenter`;
}

/**
 * What every e-mail about an order shows of it (the orders module asks for the e-mails, notifications
 * renders them).
 */
export interface OrderMailProps {
  orderId: string;
  packageName: string;
  /** Exact decimal string with two places. */
  packagePrice: string;
  customerName: string;
  customerEmail: string;
  /** MM/DD/YYYY. */
  orderDate: string;
}

/** MM/DD/YYYY, HH:MM UTC: when something happened to an order (its timeline). */
export function formatOrderDateTime(iso: string): string {
  const date = new Date(iso);
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mi = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatOrderDate(iso)}, ${hh}:${mi} UTC`;
}

/** Whether a due date has passed (at `now`). */
export function isOverdue(dueAt: string | null, now: Date = new Date()): boolean {
  return dueAt !== null && new Date(dueAt).getTime() < now.getTime();
}

/** MM/DD/YYYY in UTC, as the screens show order dates (spec §4). */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

export { toMoney } from './money.js';

/** '$' and two decimals (spec §9), from the exact decimal string. */
export function formatMoney(amount: Money): string {
  return `$${amount}`;
}
