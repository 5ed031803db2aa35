import { type Order as OrderView, toMoney } from '../../../contracts/orders.js';
import type { Order } from './order.entity.js';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function toOrderView(order: Order): OrderView {
  return {
    _id: order.id,
    packageId: order.packageId,
    packageName: order.packageName,
    packagePrice: toMoney(order.packagePrice),
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    customerAddress: order.customerAddress,
    customerCountry: order.customerCountry,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    orderDate: order.orderDate.toISOString(),
    paidAt: iso(order.paidAt),
    paidVia: order.paidVia ?? null,
    cancelledAt: iso(order.cancelledAt),
    refundedAt: iso(order.refundedAt),
    deliveredAt: iso(order.deliveredAt),
    note: order.note ?? null,
    reviewReason: order.reviewReason ?? null,
    paymentEvent: order.paymentEvent ?? null,
  };
}
