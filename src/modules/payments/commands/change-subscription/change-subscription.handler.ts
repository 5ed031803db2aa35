import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type Subscription as SubscriptionView,
  SUBSCRIPTION_TEXTS,
} from '../../../../contracts/subscriptions.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { SubscriptionViews } from '../../domain/subscription-views.js';
import { ChangeSubscriptionCommand } from './change-subscription.command.js';
import { SubscriptionChanges } from './subscription-changes.js';

/** The order's subscription paused, resumed or cancelled at PayPal, then here, with the audit entry. */
@CommandHandler(ChangeSubscriptionCommand)
export class ChangeSubscriptionHandler implements ICommandHandler<ChangeSubscriptionCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly changes: SubscriptionChanges,
    private readonly views: SubscriptionViews,
  ) {}

  async execute({
    orderId,
    action,
    reason,
    actor,
  }: ChangeSubscriptionCommand): Promise<SubscriptionView> {
    const em = this.em.fork();
    const subscription = await em.findOne(Subscription, { orderId });
    if (!subscription) throw new NotFoundException(SUBSCRIPTION_TEXTS.notFound);
    await this.changes.change(subscription, action, { by: 'admin', actor }, reason);
    const [view] = await this.views.of([
      await em.findOneOrFail(Subscription, { orderId }, { refresh: true }),
    ]);
    return view!;
  }
}
