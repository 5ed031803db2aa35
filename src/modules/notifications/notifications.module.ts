import { Module } from '@nestjs/common';
import { NotifyMessageReceivedHandler } from './jobs/notify-message-received.handler.js';
import { SendMailProcessor } from './jobs/send-mail.processor.js';
import { MailOutbox } from './mail/mail-outbox.js';
import { MailTransport } from './mail/mail-transport.js';
import { NewsletterMailer } from './mail/newsletter-mailer.js';

/**
 * E-mail: the mail outbox every module asks for e-mails through, the reactions to new messages, and the
 * mail queue's processor (worker side).
 */
@Module({
  providers: [
    MailTransport,
    MailOutbox,
    NewsletterMailer,
    NotifyMessageReceivedHandler,
    SendMailProcessor,
  ],
  exports: [MailOutbox, NewsletterMailer],
})
export class NotificationsModule {}
