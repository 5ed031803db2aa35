import { Query } from '@nestjs/cqrs';
import type { OrderPage } from '../../../../contracts/orders.js';

/**
 * Whose orders: one customer's (by their e-mail; with `openOnly`, only those still open: Pending and
 * neither Cancelled nor Refunded), or every order (admins).
 */
export type OrderScope = { customerEmail: string; openOnly?: boolean } | 'all';

/** A page of orders, newest first. */
export class ListOrdersQuery extends Query<OrderPage> {
  constructor(
    readonly scope: OrderScope,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
