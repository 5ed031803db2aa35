import { Command } from '@nestjs/cqrs';
import type { Order } from '../../../../contracts/orders.js';
import type { OrderActor } from '../order-transitions.js';

/**
 * UnPaid → Cancelled: the customer cancelled at PayPal (the cancel page; no reason), or an admin
 * cancelled with a reason. A 409 naming why for an order that is not unpaid or is being captured.
 */
export class CancelOrderCommand extends Command<Order> {
  constructor(
    readonly orderId: string,
    readonly actor: OrderActor,
    readonly reason: string | null,
  ) {
    super();
  }
}
