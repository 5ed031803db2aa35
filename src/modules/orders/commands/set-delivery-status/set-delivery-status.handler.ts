import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Order as OrderView } from '../../../../contracts/orders.js';
import { OrderTransitions } from '../order-transitions.js';
import { SetDeliveryStatusCommand } from './set-delivery-status.command.js';

@CommandHandler(SetDeliveryStatusCommand)
export class SetDeliveryStatusHandler implements ICommandHandler<SetDeliveryStatusCommand> {
  constructor(private readonly transitions: OrderTransitions) {}

  execute({ orderId, actor, orderStatus }: SetDeliveryStatusCommand): Promise<OrderView> {
    return this.transitions.run({
      orderId,
      actor: { kind: 'admin', ...actor },
      summary: 'Order status set',
      apply: (order, _tx, at) => Promise.resolve(order.setDeliveryStatus(orderStatus, at)),
    });
  }
}
