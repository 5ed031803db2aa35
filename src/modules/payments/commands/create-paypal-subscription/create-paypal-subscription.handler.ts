import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ConflictException,
  Inject,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type PaypalSubscriptionCreated,
  SUBSCRIPTION_TEXTS,
} from '../../../../contracts/subscriptions.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { FindOrderQuery, isPayable } from '../../../orders/index.js';
import { callPaypal, requireSubscriptions } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import { BillingPlans } from './billing-plans.js';
import { CreatePaypalSubscriptionCommand } from './create-paypal-subscription.command.js';

/**
 * Makes the PayPal subscription of the customer's unpaid monthly order: the plan of the order's
 * package and price (made at PayPal if new), custom_id = our order id, then one subscription record
 * per order (APPROVAL_PENDING; a new attempt before approval replaces the PayPal id). PayPal is called
 * with no transaction open.
 */
@CommandHandler(CreatePaypalSubscriptionCommand)
export class CreatePaypalSubscriptionHandler implements ICommandHandler<CreatePaypalSubscriptionCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly plans: BillingPlans,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    orderId,
    customerEmail,
  }: CreatePaypalSubscriptionCommand): Promise<PaypalSubscriptionCreated> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (order.billing !== 'monthly') throw new ConflictException(SUBSCRIPTION_TEXTS.notMonthly);
    if (!isPayable(order)) throw new ConflictException(SUBSCRIPTION_TEXTS.notPayable);
    requireSubscriptions(this.rest.settings);
    const plan = await this.plans.planFor({
      packageId: order.packageId,
      packageName: order.packageName,
      price: order.packagePrice,
    });
    const orderUrl = new URL(`/orders/${order._id}`, this.config.PUBLIC_URL).toString();
    const created = await callPaypal(async () => {
      const { sdk, subscriptions } = await this.rest.api();
      return subscriptions.createSubscription({
        paypalRequestId: `seo-subscription-${order._id}-${randomUUID()}`,
        prefer: 'return=minimal',
        body: {
          planId: plan.paypalPlanId,
          customId: order._id,
          subscriber: { emailAddress: order.customerEmail },
          applicationContext: {
            userAction: sdk.ApplicationContextUserAction.SubscribeNow,
            shippingPreference: sdk.ExperienceContextShippingPreference.NoShipping,
            returnUrl: orderUrl,
            cancelUrl: orderUrl,
          },
        },
      });
    });
    const subscriptionId = created.result.id;
    if (!subscriptionId)
      throw new ServiceUnavailableException(SUBSCRIPTION_TEXTS.paypalUnavailable);
    // One statement: the order's record made, or its PayPal id replaced while still unapproved.
    const rows = await this.em.fork().execute<{ id: string }[]>(
      `insert into subscription (id, order_id, paypal_subscription_id, paypal_plan_id, package_id,
         package_name, customer_email, price, currency, status, failed_payments, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'APPROVAL_PENDING', 0, now(), now())
       on conflict (order_id) do update set paypal_subscription_id = excluded.paypal_subscription_id,
         paypal_plan_id = excluded.paypal_plan_id, price = excluded.price,
         created_at = now(), updated_at = now()
       where subscription.status = 'APPROVAL_PENDING'
       returning id`,
      [
        randomUUID(),
        order._id,
        subscriptionId,
        plan.paypalPlanId,
        order.packageId,
        order.packageName,
        order.customerEmail,
        plan.price,
        plan.currency,
      ],
    );
    if (rows.length === 0) throw new ConflictException(SUBSCRIPTION_TEXTS.notPayable);
    return { subscriptionId };
  }
}
