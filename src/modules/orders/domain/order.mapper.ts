import type { Order as OrderView } from '../../../contracts/orders.js';
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
    deliveredAt: iso(order.deliveredAt),
    note: order.note ?? null,
    reviewReason: order.reviewReason ?? null,
    paymentEvent: order.paymentEvent ?? null,
  };
}

/**
 * A decimal string with exactly two places ("49" → "49.00", "0.3" → "0.30"), by string manipulation:
 * PostgreSQL sends numeric as text and it never becomes a float.
 */
export function toMoney(amount: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a non-negative decimal: ${amount}`);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (fraction.length > 2 && /[^0]/.test(fraction.slice(2))) {
    throw new Error(`more than two decimals: ${amount}`);
  }
  return `${BigInt(match[1]!).toString()}.${fraction.slice(0, 2)}`;
}
