import { Module } from '@nestjs/common';
import { NotifyMessageReceivedHandler } from './jobs/notify-message-received.handler.js';
import { SendMailProcessor } from './jobs/send-mail.processor.js';
import { MailTransport } from './mail/mail-transport.js';

/** Worker-side: e-mail reactions to domain events, and the mail queue's processor. */
@Module({
  providers: [MailTransport, NotifyMessageReceivedHandler, SendMailProcessor],
})
export class NotificationsModule {}
