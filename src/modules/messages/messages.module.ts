import { withHttpSide } from '../../platform/http/http-side.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MarkMessageReadHandler } from './commands/mark-message-read/mark-message-read.handler.js';
import { RecordLeadHandler } from './commands/record-lead/record-lead.handler.js';
import { SendMessageHandler } from './commands/send-message/send-message.handler.js';
import { ContactThrottle } from './domain/contact-throttle.js';
import { Message } from './domain/message.entity.js';
import { NotifyMessageReceivedHandler } from './jobs/notify-message-received.handler.js';
import { GetMessageHandler } from './queries/get-message/get-message.handler.js';
import { ListMessagesHandler } from './queries/list-messages/list-messages.handler.js';

/** Contact messages: the visitors' form (MessageReceived, mailed to the admins) and the admins' inbox. */
@Module({
  imports: [MikroOrmModule.forFeature([Message])],
  providers: [
    ContactThrottle,
    SendMessageHandler,
    RecordLeadHandler,
    ListMessagesHandler,
    GetMessageHandler,
    MarkMessageReadHandler,
    NotifyMessageReceivedHandler,
  ],
})
export class MessagesModule {
  /** With its controllers and HTTP routes (messages.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof MessagesModule> {
    return withHttpSide(MessagesModule, http, () => import('./messages.http.js'));
  }
}
