import { withHttpSide } from '../../platform/http/http-side.js';
import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CampaignMailer } from '../../platform/mail/campaign-mailer.port.js';
import { Mailer } from '../../platform/mail/mail.port.js';
import { SendMailProcessor } from './jobs/send-mail.processor.js';
import { LiveEventOriginInterceptor } from './live-feed/live-event-origin.js';
import { LiveFeedHub } from './live-feed/live-feed-hub.js';
import { LiveFeedPublisher } from './live-feed/live-feed-publisher.js';
import { MailOutbox } from './mail/mail-outbox.js';
import { MailTransport } from './mail/mail-transport.js';
import { NewsletterMailer } from './mail/newsletter-mailer.js';
import { NewsletterSenderDetails } from './mail/newsletter-sender.js';

/**
 * E-mail: platform's Mailer (the mail outbox every module asks for e-mails through) and CampaignMailer,
 * every template, and the mail queue's processor (worker side); global, so modules inject the ports and
 * never import this one. The admin live feed: every role announces the domain events it commits; API
 * processes stream them to admins (GET /api/admin/events).
 */
@Global()
@Module({
  providers: [
    MailTransport,
    MailOutbox,
    { provide: Mailer, useExisting: MailOutbox },
    NewsletterSenderDetails,
    NewsletterMailer,
    { provide: CampaignMailer, useExisting: NewsletterMailer },
    SendMailProcessor,
    LiveFeedPublisher,
    LiveFeedHub,
    { provide: APP_INTERCEPTOR, useClass: LiveEventOriginInterceptor },
  ],
  exports: [Mailer, CampaignMailer],
})
export class NotificationsModule {
  /** With its controllers and HTTP routes (notifications.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof NotificationsModule> {
    return withHttpSide(NotificationsModule, http, () => import('./notifications.http.js'));
  }
}
