import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { ActivatePaymentAccountHandler } from './commands/activate-payment-account/activate-payment-account.handler.js';
import { CapturePaypalOrderHandler } from './commands/capture-paypal-order/capture-paypal-order.handler.js';
import { CapturePaypalOrderHttpController } from './commands/capture-paypal-order/capture-paypal-order.http.controller.js';
import { PaypalCapture } from './commands/capture-paypal-order/paypal-capture.js';
import { CreatePaypalOrderHandler } from './commands/create-paypal-order/create-paypal-order.handler.js';
import { CreatePaypalOrderHttpController } from './commands/create-paypal-order/create-paypal-order.http.controller.js';
import { ReceivePaymentNotificationHandler } from './commands/receive-payment-notification/receive-payment-notification.handler.js';
import { ReconcilePaypalOrdersHandler } from './commands/reconcile-paypal-orders/reconcile-paypal-orders.handler.js';
import { ReconcilePaypalOrdersProcessor } from './commands/reconcile-paypal-orders/reconcile-paypal-orders.processor.js';
import { PaypalRefunds } from './commands/refund-payment/paypal-refunds.js';
import { RefundPaymentHandler } from './commands/refund-payment/refund-payment.handler.js';
import { RefundPaymentHttpController } from './commands/refund-payment/refund-payment.http.controller.js';
import { RefundUnappliedPaymentHandler } from './commands/refund-unapplied-payment/refund-unapplied-payment.handler.js';
import { RefundUnappliedPaymentHttpController } from './commands/refund-unapplied-payment/refund-unapplied-payment.http.controller.js';
import { ReverifyPaymentNotificationHandler } from './commands/reverify-payment-notification/reverify-payment-notification.handler.js';
import { ReverifyPaymentNotificationHttpController } from './commands/reverify-payment-notification/reverify-payment-notification.http.controller.js';
import { RemovePaymentAccountHandler } from './commands/remove-payment-account/remove-payment-account.handler.js';
import { SavePaymentAccountHandler } from './commands/save-payment-account/save-payment-account.handler.js';
import { SettleCapture } from './commands/settle-capture/settle-capture.js';
import { ApplyDisputeReport } from './commands/verify-payment-notification/apply-dispute-report.js';
import { ApplyPaymentReport } from './commands/verify-payment-notification/apply-payment-report.js';
import { ApplySubscriptionReport } from './commands/verify-payment-notification/apply-subscription-report.js';
import { PaypalIpnAdapter } from './commands/verify-payment-notification/paypal-ipn.adapter.js';
import { PaypalWebhookAdapter } from './commands/verify-payment-notification/paypal-webhook.adapter.js';
import { VerifyPaymentNotificationHandler } from './commands/verify-payment-notification/verify-payment-notification.handler.js';
import { VerifyPaymentNotificationProcessor } from './commands/verify-payment-notification/verify-payment-notification.processor.js';
import { PaymentAccount } from './domain/payment-account.entity.js';
import { PaymentAccounts } from './domain/payment-accounts.js';
import { PaymentCapture } from './domain/payment-capture.entity.js';
import { PaymentDispute } from './domain/payment-dispute.entity.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './domain/payment-gateway.js';
import { PaymentNotification } from './domain/payment-notification.entity.js';
import { PaypalOrder } from './domain/paypal-order.entity.js';
import { UnappliedPayment } from './domain/unapplied-payment.entity.js';
import { BillingPlan } from './domain/billing-plan.entity.js';
import { Subscription } from './domain/subscription.entity.js';
import { SubscriptionPayment } from './domain/subscription-payment.entity.js';
import { PaymentAccountsHttpController } from './http/payment-accounts.http.controller.js';
import { PaypalListenerRoutes } from './http/paypal-listeners.routes.js';
import { ORDER_PAYMENT_EVENT_HANDLERS } from './jobs/order-payment-events.handlers.js';
import { CheckoutGateway } from './paypal/checkout-gateway.js';
import { PaypalRest } from './paypal/paypal-rest.js';
import { PaypalSubscriptions } from './paypal/paypal-subscriptions.js';
import { OrderPaymentHoldsHandler } from './queries/payment-holds/payment-holds.handler.js';
import { ListPaymentNotificationsHandler } from './queries/list-payment-notifications/list-payment-notifications.handler.js';
import { ListPaymentNotificationsHttpController } from './queries/list-payment-notifications/list-payment-notifications.http.controller.js';
import { GetCheckoutHandler } from './queries/get-checkout/get-checkout.handler.js';
import { GetCheckoutHttpController } from './queries/get-checkout/get-checkout.http.controller.js';
import { GetOrderPaypalHandler } from './queries/order-paypal/order-paypal.handler.js';
import { GetOrderPaypalHttpController } from './queries/order-paypal/order-paypal.http.controller.js';
import {
  GetPaymentAccountHandler,
  ListPaymentAccountsHandler,
} from './queries/payment-accounts/payment-accounts.handlers.js';
import { StandardGateway } from './standard/standard-gateway.js';

/**
 * Payments: the PayPal receiving e-mails and one payment port with two adapters, chosen by
 * PAYMENT_INTEGRATION: PayPal Checkout (Orders v2 through the official SDK, reconciliation, refunds)
 * and Payments Standard (the `_xclick` form). PayPal's messages (IPN and webhooks) go through one
 * notification pipeline: receive → store → verify → apply. With PAYPAL_MODE=simulator, the
 * paypal-simulator module answers both, over HTTP as PayPal does. Emits PaymentVerified,
 * PaymentRejected, PaymentReversed, PaymentRefunded, PaymentDisputed and PaymentDisputeResolved, which
 * the orders module applies.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature([
      PaymentAccount,
      PaypalOrder,
      PaymentCapture,
      PaymentNotification,
      UnappliedPayment,
      PaymentDispute,
      Subscription,
      SubscriptionPayment,
      BillingPlan,
    ]),
  ],
  controllers: [
    GetCheckoutHttpController,
    CreatePaypalOrderHttpController,
    CapturePaypalOrderHttpController,
    GetOrderPaypalHttpController,
    RefundPaymentHttpController,
    RefundUnappliedPaymentHttpController,
    PaymentAccountsHttpController,
    ListPaymentNotificationsHttpController,
    ReverifyPaymentNotificationHttpController,
  ],
  providers: [
    PaymentAccounts,
    SavePaymentAccountHandler,
    ActivatePaymentAccountHandler,
    RemovePaymentAccountHandler,
    ListPaymentAccountsHandler,
    GetPaymentAccountHandler,
    PaypalRest,
    PaypalSubscriptions,
    GetCheckoutHandler,
    // Checkout
    CreatePaypalOrderHandler,
    CapturePaypalOrderHandler,
    PaypalCapture,
    SettleCapture,
    PaypalRefunds,
    RefundPaymentHandler,
    RefundUnappliedPaymentHandler,
    ReconcilePaypalOrdersHandler,
    ReconcilePaypalOrdersProcessor,
    GetOrderPaypalHandler,
    OrderPaymentHoldsHandler,
    // The notification pipeline
    PaypalListenerRoutes,
    ReceivePaymentNotificationHandler,
    PaypalIpnAdapter,
    PaypalWebhookAdapter,
    ApplyPaymentReport,
    ApplyDisputeReport,
    ApplySubscriptionReport,
    VerifyPaymentNotificationHandler,
    VerifyPaymentNotificationProcessor,
    ReverifyPaymentNotificationHandler,
    ListPaymentNotificationsHandler,
    ...ORDER_PAYMENT_EVENT_HANDLERS,
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
