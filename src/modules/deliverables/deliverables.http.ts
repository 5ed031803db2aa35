import type { HttpSide } from '../../platform/http/http-side.js';
import { AnswerDeliveryHttpController } from './commands/answer-delivery/answer-delivery.http.controller.js';
import { DeliverWorkHttpController } from './commands/deliver-work/deliver-work.http.controller.js';
import { ListDeliveriesHttpController } from './queries/list-deliveries/list-deliveries.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (deliverables.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [
    DeliverWorkHttpController,
    AnswerDeliveryHttpController,
    ListDeliveriesHttpController,
  ],
};
