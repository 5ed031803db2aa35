/**
 * What other modules and the composition root may use of notifications (lint rule: nothing else):
 * MailOutbox asks for an e-mail in the caller's transaction (NotificationsModule exports it).
 */
export { MailOutbox } from './mail/mail-outbox.js';
export { isPermanentMailFailure } from './mail/mail-transport.js';
export {
  type CampaignContent,
  NewsletterMailer,
  type RenderedCampaign,
} from './mail/newsletter-mailer.js';
export { NotificationsModule } from './notifications.module.js';
export { liveEventsOpenApiPaths } from './live-feed/live-events.openapi.js';
