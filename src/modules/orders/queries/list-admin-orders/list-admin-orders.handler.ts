import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderPage } from '../../../../contracts/orders.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { findOrderPage } from '../../domain/order.mapper.js';
import { adminOrderWhere } from './admin-order-filter.js';
import { ListAdminOrdersQuery } from './list-admin-orders.query.js';

@QueryHandler(ListAdminOrdersQuery)
export class ListAdminOrdersHandler implements IQueryHandler<ListAdminOrdersQuery> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ filter, page, pageSize }: ListAdminOrdersQuery): Promise<OrderPage> {
    return findOrderPage(this.em, adminOrderWhere(filter), page, pageSize, this.config.PAYPAL_MODE);
  }
}
