import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type Subscription as SubscriptionView,
  SUBSCRIPTION_TEXTS,
} from '../../../../contracts/subscriptions.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { SubscriptionViews } from '../../domain/subscription-views.js';
import { SubscriptionChanges } from '../change-subscription/subscription-changes.js';
import { CancelSubscriptionCommand } from './cancel-subscription.command.js';

/**
 * The customer's own ACTIVE or SUSPENDED subscription is cancelled at PayPal, then here: CANCELLED,
 * ending at the end of the month paid for (its next billing date).
 */
@CommandHandler(CancelSubscriptionCommand)
export class CancelSubscriptionHandler implements ICommandHandler<CancelSubscriptionCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly changes: SubscriptionChanges,
    private readonly views: SubscriptionViews,
  ) {}

  async execute({
    subscriptionId,
    customerEmail,
  }: CancelSubscriptionCommand): Promise<SubscriptionView> {
    const em = this.em.fork();
    const subscription = await em.findOne(Subscription, { id: subscriptionId, customerEmail });
    if (!subscription) throw new NotFoundException(SUBSCRIPTION_TEXTS.notFound);
    await this.changes.change(subscription, 'cancel', { by: 'customer' }, null);
    const [view] = await this.views.of([
      await em.findOneOrFail(Subscription, { id: subscriptionId }, { refresh: true }),
    ]);
    return view!;
  }
}
