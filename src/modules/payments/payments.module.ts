import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { CapturePaypalOrderHandler } from './commands/capture-paypal-order/capture-paypal-order.handler.js';
import { CreatePaypalOrderHandler } from './commands/create-paypal-order/create-paypal-order.handler.js';
import { RefundPaymentHandler } from './commands/refund-payment/refund-payment.handler.js';
import { SavePaymentAccountHandler } from './commands/save-payment-account/save-payment-account.handler.js';
import { PaymentAccount } from './domain/payment-account.entity.js';
import { PaymentAccounts } from './domain/payment-accounts.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './domain/payment-gateway.js';
import { CheckoutHttpController } from './http/checkout.http.controller.js';
import { OrderPaypalHttpController } from './http/order-paypal.http.controller.js';
import { PaymentAccountsHttpController } from './http/payment-accounts.http.controller.js';
import { PaymentNotificationsHttpController } from './http/payment-notifications.http.controller.js';
import { PaypalIpnRegistrar } from './http/paypal-ipn.registrar.js';
import { PaypalWebhookRegistrar } from './http/paypal-webhook.registrar.js';
import { ORDER_PAYMENT_EVENT_HANDLERS } from './jobs/order-payment-events.handlers.js';
import { ReconcilePaypalOrdersProcessor } from './jobs/reconcile-paypal-orders.processor.js';
import { VerifyPaymentNotification } from './jobs/verify-payment-notification.handler.js';
import { VerifyPaymentWebhook } from './jobs/verify-payment-webhook.handler.js';
import { CheckoutGateway } from './paypal/checkout-gateway.js';
import { PaypalCheckout } from './paypal/paypal-checkout.js';
import { PaypalRest } from './paypal/paypal-rest.js';
import {
  GetPaymentAccountHandler,
  ListPaymentAccountsHandler,
} from './queries/payment-accounts/payment-accounts.handlers.js';
import { GetOrderPaypalHandler } from './queries/order-paypal/order-paypal.handler.js';
import { StandardGateway } from './standard/standard-gateway.js';

/**
 * Payments: the PayPal receiving e-mails and one payment port with two adapters, chosen by
 * PAYMENT_INTEGRATION: PayPal Checkout (Orders v2 through the official SDK, webhooks verified in the
 * worker, reconciliation, refunds) and Payments Standard (the `_xclick` form, IPN verified in the
 * worker). With PAYPAL_MODE=simulator, the paypal-simulator module answers both, over HTTP as PayPal
 * does. Emits PaymentVerified, PaymentRejected, PaymentReversed and PaymentRefunded, which the orders
 * module applies.
 */
@Module({
  imports: [MikroOrmModule.forFeature([PaymentAccount])],
  controllers: [
    CheckoutHttpController,
    OrderPaypalHttpController,
    PaymentAccountsHttpController,
    PaymentNotificationsHttpController,
  ],
  providers: [
    PaymentAccounts,
    SavePaymentAccountHandler,
    ListPaymentAccountsHandler,
    GetPaymentAccountHandler,
    PaypalIpnRegistrar,
    PaypalWebhookRegistrar,
    VerifyPaymentNotification,
    VerifyPaymentWebhook,
    ...ORDER_PAYMENT_EVENT_HANDLERS,
    ReconcilePaypalOrdersProcessor,
    PaypalRest,
    PaypalCheckout,
    CreatePaypalOrderHandler,
    CapturePaypalOrderHandler,
    RefundPaymentHandler,
    GetOrderPaypalHandler,
    {
      provide: PAYMENT_GATEWAY,
      inject: [PaypalRest, APP_CONFIG],
      useFactory: (rest: PaypalRest, config: AppConfig): PaymentGateway =>
        rest.settings.integration === 'checkout'
          ? new CheckoutGateway(rest.settings)
          : new StandardGateway(rest.settings, config.PUBLIC_URL),
    },
  ],
})
export class PaymentsModule {}
