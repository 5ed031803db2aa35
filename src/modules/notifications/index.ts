/**
 * What the composition root may use of notifications (lint rule: nothing else). Other modules use none
 * of it: they ask for e-mails through platform's Mailer and CampaignMailer, which this module provides.
 */
export { NotificationsModule } from './notifications.module.js';
export { MAIL_QUEUE } from './mail/mail.queue.js';
