import { withHttpSide } from '../../platform/http/http-side.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/index.js';
import {
  ApproveDeliveryHandler,
  RequestChangesHandler,
} from './commands/answer-delivery/answer-delivery.handler.js';
import { AutoApproveDeliveriesHandler } from './commands/auto-approve-deliveries/auto-approve-deliveries.handler.js';
import { AutoApproveDeliveriesProcessor } from './commands/auto-approve-deliveries/auto-approve-deliveries.processor.js';
import { DeliverWorkHandler } from './commands/deliver-work/deliver-work.handler.js';
import { Delivery } from './domain/delivery.entity.js';
import { DELIVERY_MAIL_PROVIDERS } from './jobs/send-delivery-emails.handlers.js';
import { ListDeliveriesHandler } from './queries/list-deliveries/list-deliveries.handler.js';

/**
 * Deliverables: admins deliver files uploaded to an order (a round each), the customer downloads them
 * (GET /api/files/{id}) and approves or asks for changes; every change moves the order's work stage
 * through OrderTransitions. Emits WorkDelivered (the customer is e-mailed), DeliveryChangesRequested and
 * DeliveryApproved (the admins are e-mailed and see it live); the worker approves deliveries left
 * without an answer for DELIVERY_AUTO_APPROVE_DAYS (an hourly job on the deliverables-maintenance queue).
 */
@Module({
  imports: [MikroOrmModule.forFeature([Delivery]), OrdersModule],
  providers: [
    DeliverWorkHandler,
    ApproveDeliveryHandler,
    RequestChangesHandler,
    AutoApproveDeliveriesHandler,
    AutoApproveDeliveriesProcessor,
    ListDeliveriesHandler,
    ...DELIVERY_MAIL_PROVIDERS,
  ],
})
export class DeliverablesModule {
  /** With its controllers and HTTP routes (deliverables.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof DeliverablesModule> {
    return withHttpSide(DeliverablesModule, http, () => import('./deliverables.http.js'));
  }
}
