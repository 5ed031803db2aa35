import { ConflictException, Inject, NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type Checkout, PAYMENT_TEXTS } from '../../../../contracts/payments.js';
import { PAYPAL_SIMULATOR_SDK_PATH } from '../../../../contracts/paypal-simulator.js';
import { FindOrderQuery, isPayable } from '../../../orders/index.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../domain/payment-gateway.js';
import { PaymentAccounts } from '../../domain/payment-accounts.js';
import { subscriptionsReady } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import { GetCheckoutQuery } from './get-checkout.query.js';

/**
 * The customer's own unpaid order only; no receiving e-mail yet: the shop says payments are not set
 * up. A monthly order is paid by subscribing through PayPal's subscription buttons whatever
 * PAYMENT_INTEGRATION is: it needs the REST credentials (the simulator has its own).
 */
@QueryHandler(GetCheckoutQuery)
export class GetCheckoutHandler implements IQueryHandler<GetCheckoutQuery> {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly accounts: PaymentAccounts,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly rest: PaypalRest,
  ) {}

  async execute({ orderId, customerEmail }: GetCheckoutQuery): Promise<Checkout> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (!isPayable(order)) throw new ConflictException(PAYMENT_TEXTS.notPayable);
    if (order.billing === 'monthly') {
      const { settings } = this.rest;
      if (!subscriptionsReady(settings)) return { ready: false, message: PAYMENT_TEXTS.notSetUp };
      return {
        ready: true,
        integration: 'subscription',
        mode: settings.mode,
        clientId: settings.clientId,
        sdkUrl: settings.mode === 'simulator' ? PAYPAL_SIMULATOR_SDK_PATH : null,
        packageName: order.packageName,
        amount: order.packagePrice,
      };
    }
    const receiver = await this.accounts.receivingEmail();
    if (!receiver) return { ready: false, message: PAYMENT_TEXTS.notSetUp };
    return this.gateway.checkout(order, receiver);
  }
}
