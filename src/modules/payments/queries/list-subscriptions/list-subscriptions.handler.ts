import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Subscription as SubscriptionView } from '../../../../contracts/subscriptions.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { SubscriptionViews } from '../../domain/subscription-views.js';
import { ListSubscriptionsQuery } from './list-subscriptions.query.js';

/** A customer has a handful of subscriptions: every one is listed. */
@QueryHandler(ListSubscriptionsQuery)
export class ListSubscriptionsHandler implements IQueryHandler<ListSubscriptionsQuery> {
  constructor(
    private readonly em: EntityManager,
    private readonly views: SubscriptionViews,
  ) {}

  async execute({ customerEmail }: ListSubscriptionsQuery): Promise<SubscriptionView[]> {
    const subscriptions = await this.em
      .fork()
      .find(Subscription, { customerEmail }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return this.views.of(subscriptions);
  }
}
