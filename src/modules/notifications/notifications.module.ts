import { Module } from '@nestjs/common';
import { NotifyMessageReceivedHandler } from './jobs/notify-message-received.handler.js';
import { SendMailProcessor } from './jobs/send-mail.processor.js';
import { LiveFeedHub } from './live-feed/live-feed-hub.js';
import { LiveFeedPublisher } from './live-feed/live-feed-publisher.js';
import { LiveEventsRoute } from './live-feed/live-events.route.js';
import { MailOutbox } from './mail/mail-outbox.js';
import { MailTransport } from './mail/mail-transport.js';
import { NewsletterMailer } from './mail/newsletter-mailer.js';

/**
 * E-mail: the mail outbox every module asks for e-mails through, the reactions to new messages, and the
 * mail queue's processor (worker side). The admin live feed: every role announces the domain events it
 * commits; API processes stream them to admins (GET /api/admin/events).
 */
@Module({
  providers: [
    MailTransport,
    MailOutbox,
    NewsletterMailer,
    NotifyMessageReceivedHandler,
    SendMailProcessor,
    LiveFeedPublisher,
    LiveFeedHub,
    LiveEventsRoute,
  ],
  exports: [MailOutbox, NewsletterMailer],
})
export class NotificationsModule {}
