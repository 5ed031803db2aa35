import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type {
  DeliveredFile,
  Delivery as DeliveryView,
} from '../../../../contracts/deliverables.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { filesById } from '../../domain/deliverable-files.js';
import { Delivery } from '../../domain/delivery.entity.js';
import { toDeliveryView } from '../../domain/delivery.mapper.js';
import { ListDeliveriesQuery } from './list-deliveries.query.js';

@QueryHandler(ListDeliveriesQuery)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveriesQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ orderId, viewer }: ListDeliveriesQuery): Promise<DeliveryView[]> {
    const em = this.em.fork();
    const [order] = await em.execute(
      viewer.kind === 'admin'
        ? `select 1 from "order" where id = ?`
        : `select 1 from "order" where id = ? and customer_email = lower(?)`,
      viewer.kind === 'admin' ? [orderId] : [orderId, viewer.email],
    );
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    const rounds = await em.find(Delivery, { orderId }, { orderBy: { round: 'desc' } });
    const files = await filesById(
      em,
      rounds.flatMap((round) => round.fileIds),
    );
    return rounds.map((round) =>
      toDeliveryView(
        round,
        round.fileIds
          .map((id) => files.get(id))
          .filter((file): file is DeliveredFile => file !== undefined),
        viewer.kind,
      ),
    );
  }
}
