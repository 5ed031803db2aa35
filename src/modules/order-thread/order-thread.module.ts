import { withHttpSide } from '../../platform/http/http-side.js';
import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/index.js';
import { MarkThreadReadHandler } from './commands/mark-read/mark-thread-read.handler.js';
import { PostOrderMessageHandler } from './commands/post-message/post-message.handler.js';
import {
  NotifyAdminsOfOrderMessage,
  SendOrderMessagesToCustomer,
} from './jobs/notify-order-message.handlers.js';
import { GetOrderThreadHandler } from './queries/get-thread/get-thread.handler.js';
import { UnreadOrderMessagesHandler } from './queries/unread-messages/unread-messages.handler.js';

/**
 * The thread of an order: its customer and the agency write to each other (with files uploaded for
 * the order), the admins keep internal notes no customer ever sees, and each side has read markers
 * (unread counts). Messages are written under the order's lock through OrderTransitions, each with its
 * timeline entry. Emits OrderMessagePosted (the admins: live feed and e-mail) and the delayed
 * OrderMessagesMailDue (the customer: one e-mail per batch); their handlers run in the worker.
 */
@Module({
  imports: [OrdersModule],
  providers: [
    PostOrderMessageHandler,
    MarkThreadReadHandler,
    GetOrderThreadHandler,
    UnreadOrderMessagesHandler,
    NotifyAdminsOfOrderMessage,
    SendOrderMessagesToCustomer,
  ],
})
export class OrderThreadModule {
  /** With its controllers and HTTP routes (order-thread.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof OrderThreadModule> {
    return withHttpSide(OrderThreadModule, http, () => import('./order-thread.http.js'));
  }
}
