import { Query } from '@nestjs/cqrs';
import type { OrderActivity } from '../../../../contracts/workspace.js';
import type { OrderScope } from '../list-orders/list-orders.query.js';

/**
 * An order's timeline, oldest first, as `viewer` reads it (a customer's never holds internal entries
 * nor admins' addresses); null when there is no such order in `scope` (someone else's: the same).
 */
export class OrderTimelineQuery extends Query<OrderActivity[] | null> {
  constructor(
    readonly orderId: string,
    readonly viewer: 'customer' | 'admin',
    readonly scope: OrderScope = 'all',
  ) {
    super();
  }
}
