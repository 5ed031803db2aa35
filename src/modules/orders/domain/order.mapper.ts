import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type OrderDispute,
  type OrderPage,
  type Order as OrderView,
  resolutionCentreUrl,
  toMoney,
} from '../../../contracts/orders.js';
import { orderStage } from '../../../contracts/workspace.js';
import type { AppConfig } from '../../../platform/config/app-config.js';
import { isPayable, Order } from './order.entity.js';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The order's latest dispute, or null when PayPal never reported one. */
function disputeView(order: Order, paypalMode: AppConfig['PAYPAL_MODE']): OrderDispute | null {
  if (!order.disputedAt && !order.disputeResolvedAt) return null;
  return {
    id: order.disputeId ?? null,
    reason: order.disputeReason ?? null,
    amount: order.disputeAmount == null ? null : toMoney(order.disputeAmount),
    currency: order.disputeCurrency ?? null,
    openedAt: iso(order.disputedAt),
    resolvedAt: iso(order.disputeResolvedAt),
    outcome: order.disputeOutcome ?? null,
    resolutionCentreUrl: resolutionCentreUrl(paypalMode),
  };
}

/** The API view; the PayPal mode says which Resolution Center a dispute links to. */
export function toOrderView(order: Order, paypalMode: AppConfig['PAYPAL_MODE']): OrderView {
  return {
    _id: order.id,
    packageId: order.packageId,
    packageName: order.packageName,
    packagePrice: toMoney(order.packagePrice),
    billing: order.billing,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    customerAddress: order.customerAddress,
    customerCountry: order.customerCountry,
    companyName: order.companyName ?? null,
    billingAddress: order.billingAddress ?? null,
    taxId: order.taxId ?? null,
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
    dispute: disputeView(order, paypalMode),
    // A payment that did not match an unpaid order is under review; PayPal's holds are added by payments.
    paymentHold: isPayable(order) && order.reviewReason ? 'review' : null,
    stage: orderStage(order),
    intakeSubmittedAt: iso(order.intakeSubmittedAt),
    dueAt: iso(order.dueAt),
    workDeliveredAt: iso(order.workDeliveredAt),
    approvedAt: iso(order.approvedAt),
  };
}

/**
 * One page of the orders `where` selects, newest first (the id breaks ties between equal dates):
 * filtering, paging and sorting run in PostgreSQL.
 */
export async function findOrderPage(
  em: EntityManager,
  where: FilterQuery<Order>,
  page: number,
  pageSize: number,
  paypalMode: AppConfig['PAYPAL_MODE'],
): Promise<OrderPage> {
  const [orders, total] = await em.fork().findAndCount(Order, where, {
    orderBy: { orderDate: 'desc', id: 'desc' },
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: orders.map((order) => toOrderView(order, paypalMode)), total, page, pageSize };
}
