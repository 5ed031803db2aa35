import type { HttpSide } from '../../platform/http/http-side.js';
import { CancelOrderHttpController } from './commands/cancel-order/cancel-order.http.controller.js';
import { RecordOfflinePaymentHttpController } from './commands/record-offline-payment/record-offline-payment.http.controller.js';
import { SetDeliveryStatusHttpController } from './commands/set-delivery-status/set-delivery-status.http.controller.js';
import { AdminOrdersHttpController } from './http/admin-orders.http.controller.js';
import { CustomerOrdersHttpController } from './http/customer-orders.http.controller.js';
import { ExportOrdersHttpController } from './queries/export-orders/export-orders.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (orders.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [
    CustomerOrdersHttpController,
    AdminOrdersHttpController,
    ExportOrdersHttpController,
    CancelOrderHttpController,
    RecordOfflinePaymentHttpController,
    SetDeliveryStatusHttpController,
  ],
};
