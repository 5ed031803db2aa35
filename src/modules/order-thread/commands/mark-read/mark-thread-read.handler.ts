import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrderThreadRead } from '../../../../contracts/order-thread.js';
import { threadNotFound } from '../../domain/thread-errors.js';
import { findThreadOrder, markThreadRead, unreadOnOrder } from '../../domain/thread-store.js';
import { MarkThreadReadCommand } from './mark-thread-read.command.js';

/**
 * Moves the viewer's read marker to the thread's latest message (never back): its unread count drops
 * to zero, and an e-mail to the customer still on its way lists nothing they read (so goes unsent).
 */
@CommandHandler(MarkThreadReadCommand)
export class MarkThreadReadHandler implements ICommandHandler<MarkThreadReadCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ orderId, viewer }: MarkThreadReadCommand): Promise<OrderThreadRead> {
    const em = this.em.fork();
    const order = await findThreadOrder(em, orderId, viewer);
    if (!order) throw threadNotFound();
    await markThreadRead(em, order.orderId, viewer);
    return { orderId: order.orderId, unread: await unreadOnOrder(em, order.orderId, viewer) };
  }
}
