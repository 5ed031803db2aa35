import { Query } from '@nestjs/cqrs';
import type { OrderPage } from '../../../../contracts/orders.js';

/** Whose orders: one customer's (by their e-mail), or every order (admins). */
export type OrderScope = { customerEmail: string } | 'all';

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
