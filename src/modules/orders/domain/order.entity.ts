import { defineEntity, p } from '@mikro-orm/core';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../contracts/orders.js';

/**
 * An order: the package's name and price as they were when it was placed (copied from the pricing
 * record), the customer, and its payment and delivery states. The price is PostgreSQL numeric(12,2),
 * read and written as a decimal string: never a JavaScript number.
 */
export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'order',
  properties: {
    id: p.uuid().primary(),
    packageId: p.uuid(),
    packageName: p.string().length(100),
    packagePrice: p.decimal('string').precision(12).scale(2),
    customerEmail: p.string().length(254),
    customerName: p.string().length(100),
    customerAddress: p.string().length(200),
    customerCountry: p.string().length(100),
    paymentStatus: p.enum(PAYMENT_STATUSES),
    orderStatus: p.enum(ORDER_STATUSES),
    orderDate: p.datetime(),
    paidAt: p.datetime().nullable(),
    paidVia: p.enum(['paypal', 'offline'] as const).nullable(),
    cancelledAt: p.datetime().nullable(),
    refundedAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    note: p.text().nullable(),
    reviewReason: p.text().nullable(),
    paymentEvent: p.text().nullable(),
    /** When the unpaid reminder was sent (it is sent once, only while the order is UnPaid). */
    remindedAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});

export class Order extends OrderSchema.class {}
OrderSchema.setClass(Order);
