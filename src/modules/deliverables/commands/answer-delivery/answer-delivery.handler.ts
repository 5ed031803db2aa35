import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Order as OrderView } from '../../../../contracts/orders.js';
import { OrderTransitions, orderPayload, recordOrderActivity } from '../../../orders/index.js';
import { approveLatestDelivery, latestRound } from '../../domain/approve-delivery.js';
import { DeliveryChangesRequested } from '../../domain/deliverables.events.js';
import { ApproveDeliveryCommand, RequestChangesCommand } from './answer-delivery.command.js';

/** The first line of a text, for the timeline's one line. */
const firstLine = (text: string) => text.split(/\r?\n/, 1)[0]!.trim();

@CommandHandler(ApproveDeliveryCommand)
export class ApproveDeliveryHandler implements ICommandHandler<ApproveDeliveryCommand> {
  constructor(private readonly transitions: OrderTransitions) {}

  execute({ orderId, customerEmail }: ApproveDeliveryCommand): Promise<OrderView> {
    return this.transitions.run({
      orderId,
      actor: { kind: 'customer', email: customerEmail },
      summary: 'Delivery approved',
      // The Order refuses what its stage does not allow (409 with its reason).
      apply: (order, tx, at) =>
        approveLatestDelivery(order, tx, at, 'customer', (round) =>
          round ? `Approved delivery ${round}` : 'Approved the delivery',
        ),
    });
  }
}

@CommandHandler(RequestChangesCommand)
export class RequestChangesHandler implements ICommandHandler<RequestChangesCommand> {
  constructor(private readonly transitions: OrderTransitions) {}

  execute({ orderId, customerEmail, message }: RequestChangesCommand): Promise<OrderView> {
    return this.transitions.run({
      orderId,
      actor: { kind: 'customer', email: customerEmail },
      summary: 'Changes requested',
      apply: async (order, tx, at) => {
        order.requestChanges(at);
        const round = await latestRound(tx, order.id);
        round?.requestChanges(message, at);
        recordOrderActivity(tx, {
          orderId: order.id,
          kind: 'changes_requested',
          actor: 'customer',
          text: `Asked for changes: ${firstLine(message)}`,
          at,
        });
        return [
          new DeliveryChangesRequested({
            ...orderPayload(order),
            deliveryId: round?.id ?? order.id,
            round: round?.round ?? 0,
            message,
          }),
        ];
      },
    });
  }
}
