import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderThread } from '../../../../contracts/order-thread.js';
import { threadNotFound } from '../../domain/thread-errors.js';
import { findThreadOrder, threadMessages, unreadOnOrder } from '../../domain/thread-store.js';
import { GetOrderThreadQuery } from './get-thread.query.js';

/** The thread, oldest first, with the viewer's unread count; someone else's order is a 404. */
@QueryHandler(GetOrderThreadQuery)
export class GetOrderThreadHandler implements IQueryHandler<GetOrderThreadQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ orderId, viewer }: GetOrderThreadQuery): Promise<OrderThread> {
    const em = this.em.fork();
    const order = await findThreadOrder(em, orderId, viewer);
    if (!order) throw threadNotFound();
    const [messages, unread] = await Promise.all([
      threadMessages(em, order.orderId, viewer),
      unreadOnOrder(em, order.orderId, viewer),
    ]);
    return { orderId: order.orderId, messages, unread };
  }
}
