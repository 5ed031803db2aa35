import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Order as OrderView, ORDER_TEXTS } from '../../../../contracts/orders.js';
import { isPayable } from '../../domain/order.entity.js';
import { capturePending, OrderTransitionError } from '../../domain/order-errors.js';
import { captureUnderWay } from '../hold-for-capture/capture-hold.js';
import { OrderTransitions } from '../order-transitions.js';
import { CancelOrderCommand } from './cancel-order.command.js';
import { subscriptionLive } from './live-subscription.js';

/**
 * Cancels under the order's row lock, the lock a PayPal capture's hold is taken under: a capture under
 * way makes the cancel a 409 (whichever comes first wins, and the other sees it). So does a monthly
 * order's live subscription (active, or suspended by PayPal): its charges pay the order.
 */
@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand> {
  constructor(private readonly transitions: OrderTransitions) {}

  execute({ orderId, actor, reason }: CancelOrderCommand): Promise<OrderView> {
    return this.transitions.run({
      orderId,
      actor,
      summary: 'Order cancelled',
      apply: async (order, tx, at) => {
        if (isPayable(order) && (await captureUnderWay(tx, order.id))) throw capturePending();
        // A monthly order whose subscription is live is paid by it: the subscription is cancelled.
        if (
          isPayable(order) &&
          order.billing === 'monthly' &&
          (await subscriptionLive(tx, order.id))
        ) {
          throw new OrderTransitionError(ORDER_TEXTS.subscriptionActive);
        }
        return order.cancel(actor.kind, reason, at);
      },
    });
  }
}
