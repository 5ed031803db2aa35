import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Order as OrderView } from '../../../../contracts/orders.js';
import { isUuid } from '../../../../contracts/ids.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { Order } from '../../domain/order.entity.js';
import { toOrderView } from '../../domain/order.mapper.js';
import { FindOrderQuery } from './get-order.query.js';

@QueryHandler(FindOrderQuery)
export class FindOrderHandler implements IQueryHandler<FindOrderQuery> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ orderId, scope }: FindOrderQuery): Promise<OrderView | null> {
    if (!isUuid(orderId)) return null;
    const order = await this.em
      .fork()
      .findOne(
        Order,
        scope === 'all'
          ? { id: orderId }
          : { id: orderId, customerEmail: scope.customerEmail.toLowerCase() },
      );
    return order ? toOrderView(order, this.config.PAYPAL_MODE) : null;
  }
}
