import { Query } from '@nestjs/cqrs';
import type { AdminOrderFilter, OrderPage } from '../../../../contracts/orders.js';

/** A page of every order, or of the filtered ones (admins), newest first. */
export class ListAdminOrdersQuery extends Query<OrderPage> {
  constructor(
    readonly filter: AdminOrderFilter,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
