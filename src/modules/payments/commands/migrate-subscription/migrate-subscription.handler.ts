import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type Subscription as SubscriptionView,
  SUBSCRIPTION_TEXTS,
} from '../../../../contracts/subscriptions.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { sameAmount } from '../../domain/paypal.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { SubscriptionViews } from '../../domain/subscription-views.js';
import { callPaypal } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import { BillingPlans } from '../create-paypal-subscription/billing-plans.js';
import { MigrateSubscriptionCommand } from './migrate-subscription.command.js';

/**
 * Revises the subscription at PayPal to the plan of its package's price now (made if new), then
 * records the new plan and price with the audit entry: later charges are checked against it.
 */
@CommandHandler(MigrateSubscriptionCommand)
export class MigrateSubscriptionHandler implements ICommandHandler<MigrateSubscriptionCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly plans: BillingPlans,
    private readonly views: SubscriptionViews,
  ) {}

  async execute({ orderId, actor }: MigrateSubscriptionCommand): Promise<SubscriptionView> {
    const em = this.em.fork();
    const subscription = await em.findOne(Subscription, { orderId });
    if (!subscription) throw new NotFoundException(SUBSCRIPTION_TEXTS.notFound);
    if (!['ACTIVE', 'SUSPENDED'].includes(subscription.status)) {
      throw new ConflictException(SUBSCRIPTION_TEXTS.notMigratable);
    }
    const price = (await this.views.currentPrices()).get(subscription.packageId);
    if (!price) throw new ConflictException(SUBSCRIPTION_TEXTS.packageGone);
    if (sameAmount(price, subscription.price)) {
      throw new ConflictException(SUBSCRIPTION_TEXTS.migrateNothing);
    }
    const plan = await this.plans.planFor({
      packageId: subscription.packageId,
      packageName: subscription.packageName,
      price,
    });
    await callPaypal(async () =>
      (await this.rest.api()).subscriptions.reviseSubscription({
        id: subscription.paypalSubscriptionId,
        body: { planId: plan.paypalPlanId },
      }),
    );
    await em.transactional(async (tx) => {
      const locked = await tx.findOneOrFail(
        Subscription,
        { id: subscription.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const before = { price: locked.price, paypalPlanId: locked.paypalPlanId };
      locked.price = plan.price;
      locked.paypalPlanId = plan.paypalPlanId;
      locked.updatedAt = new Date();
      recordAudit(tx, actor, {
        kind: 'subscription.migrated',
        targetType: 'order',
        targetId: locked.orderId,
        summary: `${locked.packageName} subscription of ${locked.customerEmail}: ${before.price} → ${plan.price}/month`,
        before,
        after: { price: plan.price, paypalPlanId: plan.paypalPlanId },
      });
    });
    const [view] = await this.views.of([
      await this.em.fork().findOneOrFail(Subscription, { orderId }),
    ]);
    return view!;
  }
}
