import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  deliveredText,
  type Delivery as DeliveryView,
} from '../../../../contracts/deliverables.js';
import { OrderTransitions, orderPayload, recordOrderActivity } from '../../../orders/index.js';
import { deliverableFiles } from '../../domain/deliverable-files.js';
import { WorkDelivered } from '../../domain/deliverables.events.js';
import { Delivery } from '../../domain/delivery.entity.js';
import { toDeliveryView } from '../../domain/delivery.mapper.js';
import { DeliverWorkCommand } from './deliver-work.command.js';

/**
 * One transaction under the order's row lock: the round is numbered after the order's last one, the
 * Order moves to delivered, the timeline says so and the customer's e-mail is owed through the outbox.
 */
@CommandHandler(DeliverWorkCommand)
export class DeliverWorkHandler implements ICommandHandler<DeliverWorkCommand> {
  constructor(private readonly transitions: OrderTransitions) {}

  async execute({ orderId, actor, input }: DeliverWorkCommand): Promise<DeliveryView> {
    let delivered: DeliveryView | undefined;
    await this.transitions.run({
      orderId,
      actor: { kind: 'admin', ...actor },
      summary: 'Work delivered',
      apply: async (order, tx, at) => {
        // The Order refuses first (409), so a wrong stage is not reported as a bad file.
        order.deliverWork(at);
        const files = await deliverableFiles(tx, order.id, input.fileIds);
        const last = await tx.findOne(
          Delivery,
          { orderId: order.id },
          { orderBy: { round: 'desc' } },
        );
        // A round left unanswered by a new one (a correction) keeps no answer: the new one is answered.
        const delivery = new Delivery();
        Object.assign(delivery, {
          id: randomUUID(),
          orderId: order.id,
          round: (last?.round ?? 0) + 1,
          note: input.note,
          fileIds: files.map((file) => file.id),
          deliveredBy: actor.email,
          deliveredAt: at,
          response: null,
          responseMessage: null,
          respondedAt: null,
          approvedBy: null,
        } satisfies Partial<Delivery>);
        tx.persist(delivery);
        recordOrderActivity(tx, {
          orderId: order.id,
          kind: 'files_delivered',
          actor: 'admin',
          actorEmail: actor.email,
          text: deliveredText(files.length),
          at,
        });
        delivered = toDeliveryView(delivery, files, 'admin');
        return [
          new WorkDelivered({
            ...orderPayload(order),
            deliveryId: delivery.id,
            round: delivery.round,
            note: delivery.note ?? null,
            filenames: files.map((file) => file.filename),
          }),
        ];
      },
    });
    return delivered!;
  }
}
