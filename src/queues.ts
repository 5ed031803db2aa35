import { DELIVERABLES_QUEUE } from './modules/deliverables/index.js';
import { IDENTITY_MAINTENANCE_QUEUE } from './modules/identity/index.js';
import { INDEXNOW_QUEUE } from './modules/indexnow/index.js';
import { MEDIA_QUEUE } from './modules/media/index.js';
import {
  NEWSLETTER_IMPORT_QUEUE,
  NEWSLETTER_MAINTENANCE_QUEUE,
  NEWSLETTER_QUEUE,
} from './modules/newsletter/index.js';
import { MAIL_QUEUE } from './modules/notifications/index.js';
import {
  PAYMENT_NOTIFICATIONS_QUEUE,
  PAYMENTS_MAINTENANCE_QUEUE,
} from './modules/payments/index.js';
import { SEO_CHECK_QUEUE } from './modules/seo-check/index.js';
import { PLATFORM_QUEUES } from './platform/queue/queue-names.js';

/**
 * Every queue of the product, as the composition root gives them to QueueModule: platform's own and
 * those each module defines (a new queue joins here, as a new module joins app.module.ts).
 */
const definitions = {
  domainEvents: PLATFORM_QUEUES.domainEvents,
  mail: MAIL_QUEUE,
  media: MEDIA_QUEUE,
  identityMaintenance: IDENTITY_MAINTENANCE_QUEUE,
  outboxMaintenance: PLATFORM_QUEUES.outboxMaintenance,
  paymentsMaintenance: PAYMENTS_MAINTENANCE_QUEUE,
  paymentNotifications: PAYMENT_NOTIFICATIONS_QUEUE,
  newsletter: NEWSLETTER_QUEUE,
  newsletterMaintenance: NEWSLETTER_MAINTENANCE_QUEUE,
  newsletterImport: NEWSLETTER_IMPORT_QUEUE,
  deliverablesMaintenance: DELIVERABLES_QUEUE,
  seoCheck: SEO_CHECK_QUEUE,
  indexnow: INDEXNOW_QUEUE,
};

export const QUEUE_DEFINITIONS = Object.values(definitions);

/** The queues' names by key (the health answer and the queue dashboard list them all). */
export const QUEUES = Object.fromEntries(
  Object.entries(definitions).map(([key, { name }]) => [key, name]),
) as { [Key in keyof typeof definitions]: (typeof definitions)[Key]['name'] };
