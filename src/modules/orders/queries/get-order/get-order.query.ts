import { Query } from '@nestjs/cqrs';
import type { Order } from '../../../../contracts/orders.js';
import type { OrderScope } from '../list-orders/list-orders.query.js';

/** One order within a scope: null when there is none (or it is someone else's). */
export class FindOrderQuery extends Query<Order | null> {
  constructor(
    readonly orderId: string,
    readonly scope: OrderScope = 'all',
  ) {
    super();
  }
}
