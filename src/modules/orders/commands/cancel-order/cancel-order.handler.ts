import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Order as OrderView } from '../../../../contracts/orders.js';
import { isPayable } from '../../domain/order.entity.js';
import { capturePending } from '../../domain/order-errors.js';
import { captureUnderWay } from '../hold-for-capture/capture-hold.js';
import { OrderTransitions } from '../order-transitions.js';
import { CancelOrderCommand } from './cancel-order.command.js';

/**
 * Cancels under the order's row lock, the lock a PayPal capture's hold is taken under: a capture under
 * way makes the cancel a 409 (whichever comes first wins, and the other sees it).
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
        return order.cancel(actor.kind, reason, at);
      },
    });
  }
}
