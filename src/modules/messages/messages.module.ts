import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { SendMessageHandler } from './commands/send-message/send-message.handler.js';
import { SendMessageHttpController } from './commands/send-message/send-message.http.controller.js';
import { ContactThrottle } from './domain/contact-throttle.js';
import { Message } from './domain/message.entity.js';

@Module({
  imports: [MikroOrmModule.forFeature([Message])],
  controllers: [SendMessageHttpController],
  providers: [ContactThrottle, SendMessageHandler],
})
export class MessagesModule {}
