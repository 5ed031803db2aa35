import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderPage } from '../../../../contracts/orders.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { Order } from '../../domain/order.entity.js';
import { toOrderView } from '../../domain/order.mapper.js';
import { adminOrderWhere } from './admin-order-filter.js';
import { ListAdminOrdersQuery } from './list-admin-orders.query.js';

/** Filtering, paging and sorting run in PostgreSQL; the id breaks ties between equal dates. */
@QueryHandler(ListAdminOrdersQuery)
export class ListAdminOrdersHandler implements IQueryHandler<ListAdminOrdersQuery> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ filter, page, pageSize }: ListAdminOrdersQuery): Promise<OrderPage> {
    const [orders, total] = await this.em.fork().findAndCount(Order, adminOrderWhere(filter), {
      orderBy: { orderDate: 'desc', id: 'desc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return {
      items: orders.map((order) => toOrderView(order, this.config.PAYPAL_MODE)),
      total,
      page,
      pageSize,
    };
  }
}
