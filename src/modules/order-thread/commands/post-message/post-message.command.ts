import { Command } from '@nestjs/cqrs';
import type { OrderMessage } from '../../../../contracts/order-thread.js';
import type { OrderActor } from '../../../orders/index.js';

/** A message (or an admin's internal note) on an order's thread, by its customer or an admin. */
export class PostOrderMessageCommand extends Command<OrderMessage> {
  constructor(
    readonly orderId: string,
    readonly actor: OrderActor,
    /** The signed-in account (kept with the message). */
    readonly accountId: string,
    readonly input: { body: string; attachments: string[]; internal: boolean },
  ) {
    super();
  }
}
