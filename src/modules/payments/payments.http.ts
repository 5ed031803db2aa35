import type { HttpSide } from '../../platform/http/http-side.js';
import { CapturePaypalOrderHttpController } from './commands/capture-paypal-order/capture-paypal-order.http.controller.js';
import { CreatePaypalOrderHttpController } from './commands/create-paypal-order/create-paypal-order.http.controller.js';
import { RefundPaymentHttpController } from './commands/refund-payment/refund-payment.http.controller.js';
import { RefundUnappliedPaymentHttpController } from './commands/refund-unapplied-payment/refund-unapplied-payment.http.controller.js';
import { ReverifyPaymentNotificationHttpController } from './commands/reverify-payment-notification/reverify-payment-notification.http.controller.js';
import { PaymentAccountsHttpController } from './http/payment-accounts.http.controller.js';
import { PaypalListenerRoutes } from './http/paypal-listeners.routes.js';
import { ListPaymentNotificationsHttpController } from './queries/list-payment-notifications/list-payment-notifications.http.controller.js';
import { GetCheckoutHttpController } from './queries/get-checkout/get-checkout.http.controller.js';
import { GetOrderPaypalHttpController } from './queries/order-paypal/order-paypal.http.controller.js';
import { ActivatePaypalSubscriptionHttpController } from './commands/activate-paypal-subscription/activate-paypal-subscription.http.controller.js';
import { CancelSubscriptionHttpController } from './commands/cancel-subscription/cancel-subscription.http.controller.js';
import { ChangeSubscriptionHttpController } from './commands/change-subscription/change-subscription.http.controller.js';
import { CreatePaypalSubscriptionHttpController } from './commands/create-paypal-subscription/create-paypal-subscription.http.controller.js';
import { MigrateSubscriptionHttpController } from './commands/migrate-subscription/migrate-subscription.http.controller.js';
import { ListSubscriptionsHttpController } from './queries/list-subscriptions/list-subscriptions.http.controller.js';
import { GetOrderSubscriptionHttpController } from './queries/order-subscription/order-subscription.http.controller.js';
import { SubscriptionStatsHttpController } from './queries/subscription-stats/subscription-stats.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (payments.module.ts). */
export const HTTP_SIDE: HttpSide = {
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
    CreatePaypalSubscriptionHttpController,
    ActivatePaypalSubscriptionHttpController,
    ListSubscriptionsHttpController,
    CancelSubscriptionHttpController,
    GetOrderSubscriptionHttpController,
    ChangeSubscriptionHttpController,
    MigrateSubscriptionHttpController,
    SubscriptionStatsHttpController,
  ],
  providers: [PaypalListenerRoutes],
};
