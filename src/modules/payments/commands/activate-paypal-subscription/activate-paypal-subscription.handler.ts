import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type SubscriptionActivation,
  SUBSCRIPTION_TEXTS,
} from '../../../../contracts/subscriptions.js';
import { FindOrderQuery } from '../../../orders/index.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { SubscriptionPayment } from '../../domain/subscription-payment.entity.js';
import { callPaypal } from '../../paypal/paypal-errors.js';
import { PaypalSubscriptions } from '../../paypal/paypal-subscriptions.js';
import { SyncSubscription } from '../reconcile-subscriptions/sync-subscription.js';
import { ActivatePaypalSubscriptionCommand } from './activate-paypal-subscription.command.js';

/**
 * Confirms the approval the browser reports, with PayPal's own read of the subscription (never the
 * browser's word): it must be the one made for this order (our record and its custom_id) and
 * ACTIVE. Its state and every charge PayPal took are then applied through the webhooks' code, so the
 * first charge pays the order at once whether or not its webhook has arrived.
 */
@CommandHandler(ActivatePaypalSubscriptionCommand)
export class ActivatePaypalSubscriptionHandler implements ICommandHandler<ActivatePaypalSubscriptionCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PaypalSubscriptions,
    private readonly syncer: SyncSubscription,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({
    orderId,
    customerEmail,
    subscriptionId,
  }: ActivatePaypalSubscriptionCommand): Promise<SubscriptionActivation> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (order.billing !== 'monthly') throw new ConflictException(SUBSCRIPTION_TEXTS.notMonthly);
    const em = this.em.fork();
    const subscription = await em.findOne(Subscription, { orderId });
    if (subscription?.paypalSubscriptionId !== subscriptionId) {
      throw new ConflictException(SUBSCRIPTION_TEXTS.unknownSubscription);
    }
    const snapshot = await callPaypal(() => this.paypal.read(subscriptionId));
    if (!snapshot || snapshot.customId !== orderId) {
      throw new ConflictException(SUBSCRIPTION_TEXTS.unknownSubscription);
    }
    if (!snapshot.status || snapshot.status === 'APPROVAL_PENDING') {
      return { outcome: 'not-approved', message: SUBSCRIPTION_TEXTS.notApproved };
    }
    await callPaypal(() => this.syncer.sync(subscription, snapshot));
    const charged = await em.count(SubscriptionPayment, { subscriptionId: subscription.id });
    return {
      outcome: 'active',
      message: charged > 0 ? SUBSCRIPTION_TEXTS.activated : SUBSCRIPTION_TEXTS.activating,
    };
  }
}
