import type { FilterQuery } from '@mikro-orm/core';
import type { AdminOrderFilter } from '../../../../contracts/orders.js';
import { containsPattern } from '../../../../platform/database/like-pattern.js';
import type { Order } from '../../domain/order.entity.js';

const DAY_MS = 24 * 3600_000;

/** `from` and `to` are whole days (UTC), both included: [from 00:00, the day after `to` 00:00). */
export function orderDateRange({ from, to }: Pick<AdminOrderFilter, 'from' | 'to'>): {
  $gte?: Date;
  $lt?: Date;
} {
  const range: { $gte?: Date; $lt?: Date } = {};
  if (from) range.$gte = new Date(`${from}T00:00:00.000Z`);
  if (to) range.$lt = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS);
  return range;
}

/**
 * The admins' filters as the ORM's where: the search matches a part of the name or the e-mail; billing
 * keeps the one-off or the monthly orders.
 */
export function adminOrderWhere(filter: AdminOrderFilter): FilterQuery<Order> {
  const { q, paymentStatus, orderStatus, from, to, billing } = filter;
  return {
    ...(q && {
      $or: [
        { customerName: { $ilike: containsPattern(q) } },
        { customerEmail: { $ilike: containsPattern(q) } },
      ],
    }),
    ...(paymentStatus && { paymentStatus }),
    ...(orderStatus && { orderStatus }),
    ...(billing && { billing }),
    ...((from || to) && { orderDate: orderDateRange({ from, to }) }),
  };
}

/** The same filters as SQL conditions on "order" with their parameters, for the CSV export's chunks. */
export function adminOrderConditions(filter: AdminOrderFilter): {
  conditions: string[];
  params: unknown[];
} {
  const { q, paymentStatus, orderStatus, from, to, billing } = filter;
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (q) {
    conditions.push('(customer_name ilike ? or customer_email ilike ?)');
    params.push(containsPattern(q), containsPattern(q));
  }
  if (paymentStatus) {
    conditions.push('payment_status = ?');
    params.push(paymentStatus);
  }
  if (orderStatus) {
    conditions.push('order_status = ?');
    params.push(orderStatus);
  }
  if (billing) {
    conditions.push('billing = ?');
    params.push(billing);
  }
  const range = orderDateRange({ from, to });
  if (range.$gte) {
    conditions.push('order_date >= ?');
    params.push(range.$gte);
  }
  if (range.$lt) {
    conditions.push('order_date < ?');
    params.push(range.$lt);
  }
  return { conditions, params };
}
