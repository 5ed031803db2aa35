import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { PAYMENT_TEXTS, type PaypalOrderCreated } from '../../../../contracts/payments.js';
import { SUBSCRIPTION_TEXTS } from '../../../../contracts/subscriptions.js';
import { FindOrderQuery, isPayable } from '../../../orders/index.js';
import { PaymentAccounts } from '../../domain/payment-accounts.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { callPaypal, requireCheckout } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import { CreatePaypalOrderCommand } from './create-paypal-order.command.js';

/**
 * Creates (or finds) the PayPal order of the customer's unpaid order: amount and payee from our
 * records, never from the browser. No transaction is open while PayPal answers.
 */
@CommandHandler(CreatePaypalOrderCommand)
export class CreatePaypalOrderHandler implements ICommandHandler<CreatePaypalOrderCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly accounts: PaymentAccounts,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ orderId, customerEmail }: CreatePaypalOrderCommand): Promise<PaypalOrderCreated> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    // A monthly order is paid by its subscription's charges, never by a one-off payment.
    if (order.billing === 'monthly') throw new ConflictException(SUBSCRIPTION_TEXTS.monthlyOnly);
    requireCheckout(this.rest.settings);
    if (!isPayable(order)) throw new ConflictException(PAYMENT_TEXTS.notPayable);
    const receiver = await this.accounts.receivingEmail();
    if (!receiver) throw new ConflictException(PAYMENT_TEXTS.notSetUp);
    const em = this.em.fork();
    const known = await em.findOne(PaypalOrder, { orderId: order._id });
    if (known?.isOpen()) return { paypalOrderId: known.paypalOrderId };
    if (known?.status === 'REVIEW') throw new ConflictException(PAYMENT_TEXTS.review);
    if (known && known.status !== 'ABANDONED') throw new ConflictException(PAYMENT_TEXTS.pending);
    const generation = (known?.generation ?? 0) + 1;
    const created = await callPaypal(async () => {
      const { sdk, orders } = await this.rest.api();
      return orders.createOrder({
        // A retried create (a double click, a timeout) gives back the same PayPal order.
        paypalRequestId: `seo-order-${order._id}-${generation}`,
        prefer: 'return=minimal',
        body: {
          intent: sdk.CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: order._id,
              customId: order._id,
              invoiceId: order._id,
              description: `${order.packageName} SEO package`,
              amount: { currencyCode: 'USD', value: order.packagePrice },
              payee: { emailAddress: receiver },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                shippingPreference: sdk.PaypalWalletContextShippingPreference.NoShipping,
                userAction: sdk.PaypalExperienceUserAction.PayNow,
              },
            },
          },
        },
      });
    });
    const paypalOrderId = created.result.id;
    if (!paypalOrderId) throw new ServiceUnavailableException(PAYMENT_TEXTS.paypalUnavailable);
    // One upsert statement: two creates racing (double click) both reach PayPal with the same request
    // id and get the same PayPal order; only a newer generation replaces the record.
    await em.execute(
      `insert into paypal_order (order_id, paypal_order_id, generation, status, created_at, updated_at)
       values (?, ?, ?, 'CREATED', now(), now())
       on conflict (order_id) do update set paypal_order_id = excluded.paypal_order_id,
         generation = excluded.generation, capture_attempt = 1, status = 'CREATED',
         capture_id = null, detail = null, declined_at = null, created_at = now(), updated_at = now()
       where paypal_order.generation < excluded.generation`,
      [order._id, paypalOrderId, generation],
    );
    return { paypalOrderId };
  }
}
