import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Subscription as SubscriptionView } from '../../../../contracts/subscriptions.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { SubscriptionViews } from '../../domain/subscription-views.js';
import { GetOrderSubscriptionQuery } from './order-subscription.query.js';

@QueryHandler(GetOrderSubscriptionQuery)
export class GetOrderSubscriptionHandler implements IQueryHandler<GetOrderSubscriptionQuery> {
  constructor(
    private readonly em: EntityManager,
    private readonly views: SubscriptionViews,
  ) {}

  async execute({ orderId }: GetOrderSubscriptionQuery): Promise<SubscriptionView | null> {
    const subscription = await this.em.fork().findOne(Subscription, { orderId });
    if (!subscription) return null;
    const [view] = await this.views.of([subscription]);
    return view ?? null;
  }
}
