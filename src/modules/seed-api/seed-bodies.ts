import { z } from 'zod';
import { markMessageReadSchema } from '../../contracts/messages.js';
import {
  MAX_ORDER_PAGE_SIZE,
  orderPageQuerySchema,
  updateOrderStatusSchema,
} from '../../contracts/orders.js';
import { savePaymentAccountSchema } from '../../contracts/payments.js';
import { isStorableText, requiredText } from '../../contracts/text-fields.js';
import type { SeedTarget } from './seed-routes.js';

/** A field the old client sends that the server decides itself: accepted (if storable) and ignored. */
const ignored = (label: string, description: string) =>
  z
    .unknown()
    .refine((value) => typeof value !== 'string' || isStorableText(value), {
      error: `${label} contains characters that are not allowed`,
    })
    .optional()
    .meta({ description: `Ignored: ${description}` });

/**
 * The old order form's body (spec §7 POST /new-order): the package by its name and the customer's name.
 * Its price, the e-mail, the statuses, the date, address and country are the server's to set.
 */
export const seedNewOrderSchema = z.strictObject({
  packageName: requiredText('Package Name', 100),
  customerName: requiredText('Full Name', 100),
  packagePrice: ignored('Package Price', 'the price is the package’s'),
  customerEmail: ignored('Customer Email', 'the e-mail is the session’s'),
  customerAddress: ignored('Customer Address', 'always NA'),
  customerCountry: ignored('Customer Country', 'always NA'),
  paymentStatus: ignored('Payment Status', 'a new order is UnPaid'),
  orderStatus: ignored('Order Status', 'a new order is Pending'),
  orderDate: ignored('Order Date', 'the time the server received it'),
});

/** The cancel page's body: `paymentStatus: 'Cancelled'`, or nothing. */
export const seedCancelOrderSchema = z.strictObject({
  paymentStatus: z
    .literal('Cancelled', { error: 'Payment Status can only be set to Cancelled here' })
    .optional(),
});

/** GET /orders: the newest first, MAX_ORDER_PAGE_SIZE at a time unless asked for less. */
export const seedOrderListQuerySchema = orderPageQuerySchema.extend({
  pageSize: orderPageQuerySchema.shape.pageSize.unwrap().default(MAX_ORDER_PAGE_SIZE),
});

/** The body each seed call takes, where it is not a content section's record or an admin user. */
export const SEED_BODIES: Partial<Record<SeedTarget['kind'], z.ZodType>> = {
  'messages.markRead': markMessageReadSchema,
  'orders.place': seedNewOrderSchema,
  'orders.cancel': seedCancelOrderSchema,
  'orders.setStatus': updateOrderStatusSchema,
  'paymentAccounts.create': savePaymentAccountSchema,
  'paymentAccounts.update': savePaymentAccountSchema,
};
