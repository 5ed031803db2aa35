import { defineQueue } from '../../../platform/queue/queue-names.js';

/** A campaign's batches of recipients, each written to the outbox by the campaign's start. */
export const NEWSLETTER_QUEUE = defineQueue({ name: 'newsletter' });

export { NEWSLETTER_IMPORT_QUEUE } from './import-subscribers.job.js';

/** The hourly expiry of sign-ups never confirmed. */
export const NEWSLETTER_MAINTENANCE_QUEUE = defineQueue({ name: 'newsletter-maintenance' });
