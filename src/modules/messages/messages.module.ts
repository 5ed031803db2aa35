import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MarkMessageReadHandler } from './commands/mark-message-read/mark-message-read.handler.js';
import { MarkMessageReadHttpController } from './commands/mark-message-read/mark-message-read.http.controller.js';
import { RecordLeadHandler } from './commands/record-lead/record-lead.handler.js';
import { SendMessageHandler } from './commands/send-message/send-message.handler.js';
import { SendMessageHttpController } from './commands/send-message/send-message.http.controller.js';
import { ContactThrottle } from './domain/contact-throttle.js';
import { Message } from './domain/message.entity.js';
import { NotifyMessageReceivedHandler } from './jobs/notify-message-received.handler.js';
import { GetMessageHandler } from './queries/get-message/get-message.handler.js';
import { GetMessageHttpController } from './queries/get-message/get-message.http.controller.js';
import { ListMessagesHandler } from './queries/list-messages/list-messages.handler.js';
import { ListMessagesHttpController } from './queries/list-messages/list-messages.http.controller.js';

/** Contact messages: the visitors' form (MessageReceived, mailed to the admins) and the admins' inbox. */
@Module({
  imports: [MikroOrmModule.forFeature([Message])],
  controllers: [
    SendMessageHttpController,
    ListMessagesHttpController,
    GetMessageHttpController,
    MarkMessageReadHttpController,
  ],
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
export class MessagesModule {}
