/** What other modules and the composition root may use of orders (lint rule: nothing else). */
export * from './domain/orders.events.js';
export type * from './domain/orders.mails.js';
export { isPayable, isRefundable, type Order } from './domain/order.entity.js';
export { CancelOrderCommand } from './commands/cancel-order/cancel-order.command.js';
export { type OrderActor, OrderTransitions } from './commands/order-transitions.js';
export { type ActivityEntry, orderTimeline, recordOrderActivity } from './domain/order-timeline.js';
export { RecordOfflinePaymentCommand } from './commands/record-offline-payment/record-offline-payment.command.js';
export { SetDeliveryStatusCommand } from './commands/set-delivery-status/set-delivery-status.command.js';
export {
  HoldOrderForCaptureCommand,
  ReleaseCaptureHoldCommand,
} from './commands/hold-for-capture/hold-for-capture.command.js';
export { PlaceOrderCommand } from './commands/place-order/place-order.command.js';
export { CaptureHeldByOtherQuery } from './queries/capture-held/capture-held.query.js';
export { FindOrderQuery } from './queries/get-order/get-order.query.js';
export { OrderPaymentHoldsQuery } from './queries/payment-holds/payment-holds.query.js';
export { ListOrdersQuery, type OrderScope } from './queries/list-orders/list-orders.query.js';
export { OrderSummaryQuery } from './queries/list-orders/order-summary.query.js';
export { OrdersModule } from './orders.module.js';
