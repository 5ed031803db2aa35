import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderActivity } from '../../../../contracts/workspace.js';
import { isUuid } from '../../../../contracts/ids.js';
import { orderTimeline } from '../../domain/order-timeline.js';
import { Order } from '../../domain/order.entity.js';
import { OrderTimelineQuery } from './order-timeline.query.js';

@QueryHandler(OrderTimelineQuery)
export class OrderTimelineHandler implements IQueryHandler<OrderTimelineQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ orderId, viewer, scope }: OrderTimelineQuery): Promise<OrderActivity[] | null> {
    if (!isUuid(orderId)) return null;
    const em = this.em.fork();
    const owned = await em.count(
      Order,
      scope === 'all'
        ? { id: orderId }
        : { id: orderId, customerEmail: scope.customerEmail.toLowerCase() },
    );
    if (!owned) return null;
    return orderTimeline(em, orderId, viewer);
  }
}
