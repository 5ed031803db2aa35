import { withHttpSide } from '../../platform/http/http-side.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { ActivatePaymentAccountHandler } from './commands/activate-payment-account/activate-payment-account.handler.js';
import { CapturePaypalOrderHandler } from './commands/capture-paypal-order/capture-paypal-order.handler.js';
import { PaypalCapture } from './commands/capture-paypal-order/paypal-capture.js';
import { CreatePaypalOrderHandler } from './commands/create-paypal-order/create-paypal-order.handler.js';
import { ReceivePaymentNotificationHandler } from './commands/receive-payment-notification/receive-payment-notification.handler.js';
import { ReconcilePaypalOrdersHandler } from './commands/reconcile-paypal-orders/reconcile-paypal-orders.handler.js';
import { ReconcilePaypalOrdersProcessor } from './commands/reconcile-paypal-orders/reconcile-paypal-orders.processor.js';
import { PaypalRefunds } from './commands/refund-payment/paypal-refunds.js';
import { RefundPaymentHandler } from './commands/refund-payment/refund-payment.handler.js';
import { RefundUnappliedPaymentHandler } from './commands/refund-unapplied-payment/refund-unapplied-payment.handler.js';
import { ReverifyPaymentNotificationHandler } from './commands/reverify-payment-notification/reverify-payment-notification.handler.js';
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
import { ORDER_PAYMENT_EVENT_HANDLERS } from './jobs/order-payment-events.handlers.js';
import { CheckoutGateway } from './paypal/checkout-gateway.js';
import { PaypalRest } from './paypal/paypal-rest.js';
import { PaypalSubscriptions } from './paypal/paypal-subscriptions.js';
import { OrderPaymentHoldsHandler } from './queries/payment-holds/payment-holds.handler.js';
import { ListPaymentNotificationsHandler } from './queries/list-payment-notifications/list-payment-notifications.handler.js';
import { GetCheckoutHandler } from './queries/get-checkout/get-checkout.handler.js';
import { GetOrderPaypalHandler } from './queries/order-paypal/order-paypal.handler.js';
import {
  GetPaymentAccountHandler,
  ListPaymentAccountsHandler,
} from './queries/payment-accounts/payment-accounts.handlers.js';
import { StandardGateway } from './standard/standard-gateway.js';
import { ActivatePaypalSubscriptionHandler } from './commands/activate-paypal-subscription/activate-paypal-subscription.handler.js';
import { CancelSubscriptionHandler } from './commands/cancel-subscription/cancel-subscription.handler.js';
import { ChangeSubscriptionHandler } from './commands/change-subscription/change-subscription.handler.js';
import { SubscriptionChanges } from './commands/change-subscription/subscription-changes.js';
import { BillingPlans } from './commands/create-paypal-subscription/billing-plans.js';
import { CreatePaypalSubscriptionHandler } from './commands/create-paypal-subscription/create-paypal-subscription.handler.js';
import { MigrateSubscriptionHandler } from './commands/migrate-subscription/migrate-subscription.handler.js';
import { ReconcileSubscriptionsHandler } from './commands/reconcile-subscriptions/reconcile-subscriptions.handler.js';
import { SyncSubscription } from './commands/reconcile-subscriptions/sync-subscription.js';
import { SubscriptionViews } from './domain/subscription-views.js';
import { ListSubscriptionsHandler } from './queries/list-subscriptions/list-subscriptions.handler.js';
import { GetOrderSubscriptionHandler } from './queries/order-subscription/order-subscription.handler.js';
import { SubscriptionStatsHandler } from './queries/subscription-stats/subscription-stats.handler.js';

/**
 * Payments: the PayPal receiving e-mails and one payment port with two adapters, chosen by
 * PAYMENT_INTEGRATION: PayPal Checkout (Orders v2 through the official SDK, reconciliation, refunds)
 * and Payments Standard (the `_xclick` form). PayPal's messages (IPN and webhooks) go through one
 * notification pipeline: receive → store → verify → apply. With PAYPAL_MODE=simulator, the
 * paypal-simulator module answers both, over HTTP as PayPal does. Emits PaymentVerified,
 * PaymentRejected, PaymentReversed, PaymentRefunded, PaymentDisputed and PaymentDisputeResolved, which
 * the orders module applies. Monthly packages are paid by PayPal subscriptions (REST Subscriptions
 * API, whatever PAYMENT_INTEGRATION is): plans made per package and price, subscriptions kept in step
 * by their webhooks (same pipeline) and reconciliation; emits SubscriptionCharged,
 * SubscriptionPaymentFailed and SubscriptionStatusChanged.
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
    // Subscriptions
    BillingPlans,
    SubscriptionViews,
    SubscriptionChanges,
    SyncSubscription,
    CreatePaypalSubscriptionHandler,
    ActivatePaypalSubscriptionHandler,
    CancelSubscriptionHandler,
    ChangeSubscriptionHandler,
    MigrateSubscriptionHandler,
    ReconcileSubscriptionsHandler,
    ListSubscriptionsHandler,
    GetOrderSubscriptionHandler,
    SubscriptionStatsHandler,
    // The notification pipeline
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
export class PaymentsModule {
  /** With its controllers and HTTP routes (payments.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof PaymentsModule> {
    return withHttpSide(PaymentsModule, http, () => import('./payments.http.js'));
  }
}
