import { Query } from '@nestjs/cqrs';
import type { Subscription } from '../../../../contracts/subscriptions.js';

/** An order's subscription, for the admins: null when the order has none. */
export class GetOrderSubscriptionQuery extends Query<Subscription | null> {
  constructor(readonly orderId: string) {
    super();
  }
}
