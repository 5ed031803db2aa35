import { withHttpSide } from '../../platform/http/http-side.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CancelOrderHandler } from './commands/cancel-order/cancel-order.handler.js';
import {
  HoldOrderForCaptureHandler,
  ReleaseCaptureHoldHandler,
} from './commands/hold-for-capture/hold-for-capture.handler.js';
import { OrderTransitions } from './commands/order-transitions.js';
import { PlaceOrderHandler } from './commands/place-order/place-order.handler.js';
import { RecordOfflinePaymentHandler } from './commands/record-offline-payment/record-offline-payment.handler.js';
import { SetDeliveryStatusHandler } from './commands/set-delivery-status/set-delivery-status.handler.js';
import { OrderActivity } from './domain/order-activity.entity.js';
import { Order } from './domain/order.entity.js';
import { DISPUTE_EVENT_HANDLERS } from './jobs/apply-dispute-events.handlers.js';
import { PAYMENT_EVENT_HANDLERS } from './jobs/apply-payment-events.handlers.js';
import { SUBSCRIPTION_EVENT_HANDLERS } from './jobs/apply-subscription-events.handlers.js';
import { DISPUTE_MAIL_HANDLERS } from './jobs/send-dispute-emails.handlers.js';
import { TIMELINE_HANDLERS } from './jobs/record-order-timeline.handlers.js';
import { ORDER_MAIL_PROVIDERS } from './jobs/send-order-emails.handlers.js';
import { CaptureHeldByOtherHandler } from './queries/capture-held/capture-held.handler.js';
import { ExportOrdersHandler } from './queries/export-orders/export-orders.handler.js';
import { FindOrderHandler } from './queries/get-order/get-order.handler.js';
import { ListDueOrdersHandler } from './queries/list-due-orders/list-due-orders.handler.js';
import { OrderTimelineHandler } from './queries/order-timeline/order-timeline.handler.js';
import { ListAdminOrdersHandler } from './queries/list-admin-orders/list-admin-orders.handler.js';
import {
  ListOrdersHandler,
  OrderSummaryHandler,
} from './queries/list-orders/list-orders.handler.js';

/**
 * Orders: placing one from a pricing package, the customer's and the admins' views and totals, and the
 * order's payment and delivery states, whose transitions the Order entity owns. Emits OrderPlaced,
 * OrderPaid, OrderCancelled, OrderDelivered, OrderRefunded, OrderDisputed, OrderDisputeResolved; its
 * e-mail handlers and the handlers applying PayPal's reports run in the worker. Each order keeps a
 * timeline (order_activity): its events are put on it by the worker, and the workspace's modules add
 * their own entries (recordOrderActivity) in the transactions that move the work stage. A monthly
 * order's subscription events (SubscriptionCharged, SubscriptionPaymentFailed, SubscriptionStatusChanged,
 * from payments) pay and invoice it charge by charge and tell the customer, the admins and the timeline.
 */
@Module({
  imports: [MikroOrmModule.forFeature([Order, OrderActivity])],
  providers: [
    PlaceOrderHandler,
    OrderTransitions,
    CancelOrderHandler,
    RecordOfflinePaymentHandler,
    SetDeliveryStatusHandler,
    HoldOrderForCaptureHandler,
    ReleaseCaptureHoldHandler,
    CaptureHeldByOtherHandler,
    ListOrdersHandler,
    OrderSummaryHandler,
    ListAdminOrdersHandler,
    ExportOrdersHandler,
    FindOrderHandler,
    OrderTimelineHandler,
    ListDueOrdersHandler,
    ...ORDER_MAIL_PROVIDERS,
    ...PAYMENT_EVENT_HANDLERS,
    ...SUBSCRIPTION_EVENT_HANDLERS,
    ...DISPUTE_EVENT_HANDLERS,
    ...DISPUTE_MAIL_HANDLERS,
    ...TIMELINE_HANDLERS,
  ],
  // The order workspace's modules (intake, thread, deliverables) move an order's work stage through it.
  exports: [OrderTransitions],
})
export class OrdersModule {
  /** With its controllers and HTTP routes (orders.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof OrdersModule> {
    return withHttpSide(OrdersModule, http, () => import('./orders.http.js'));
  }
}
