import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderPage } from '../../../../contracts/orders.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { Order } from '../../domain/order.entity.js';
import { toOrderView } from '../../domain/order.mapper.js';
import { ListDueOrdersQuery } from './list-due-orders.query.js';

/** Filtered, sorted and paged in PostgreSQL (index order_due_soon_idx); the id breaks ties. */
@QueryHandler(ListDueOrdersQuery)
export class ListDueOrdersHandler implements IQueryHandler<ListDueOrdersQuery> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ page, pageSize }: ListDueOrdersQuery): Promise<OrderPage> {
    const [orders, total] = await this.em.fork().findAndCount(
      Order,
      {
        dueAt: { $ne: null },
        orderStatus: 'Pending',
        paymentStatus: { $in: ['Paid', 'Disputed'] },
      },
      { orderBy: { dueAt: 'asc', id: 'asc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return {
      items: orders.map((order) => toOrderView(order, this.config.PAYPAL_MODE)),
      total,
      page,
      pageSize,
    };
  }
}
