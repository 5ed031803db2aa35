import { Query } from '@nestjs/cqrs';
import type { OrderScope } from './list-orders.query.js';

export interface OrderSummary {
  orderCount: number;
  paidCount: number;
  /**
   * The sum of the Paid orders' prices, a monthly order's every charge (its invoices net of credit
   * notes): an exact decimal string with two places.
   */
  paidTotal: string;
}

/** How many orders, and the exact sum over the Paid ones (spec §9: total spent, total sales). */
export class OrderSummaryQuery extends Query<OrderSummary> {
  constructor(readonly scope: OrderScope) {
    super();
  }
}
