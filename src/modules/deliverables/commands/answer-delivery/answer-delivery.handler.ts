import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Order as OrderView } from '../../../../contracts/orders.js';
import { OrderTransitions, orderPayload, recordOrderActivity } from '../../../orders/index.js';
import { DeliveryApproved, DeliveryChangesRequested } from '../../domain/deliverables.events.js';
import { Delivery } from '../../domain/delivery.entity.js';
import { ApproveDeliveryCommand, RequestChangesCommand } from './answer-delivery.command.js';

/** The order's latest round: the one the customer answers. */
export const latestRound = (tx: EntityManager, orderId: string) =>
  tx.findOne(Delivery, { orderId }, { orderBy: { round: 'desc' } });

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
      apply: async (order, tx, at) => {
        // The Order refuses what its stage does not allow (409 with its reason).
        const events = order.approveWork('customer', at);
        const round = await latestRound(tx, order.id);
        round?.approve('customer', at);
        recordOrderActivity(tx, {
          orderId: order.id,
          kind: 'approved',
          actor: 'customer',
          text: round ? `Approved delivery ${round.round}` : 'Approved the delivery',
          at,
        });
        return [
          ...events,
          new DeliveryApproved({
            ...orderPayload(order),
            deliveryId: round?.id ?? order.id,
            round: round?.round ?? 0,
            by: 'customer',
          }),
        ];
      },
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
