import { defineQueue } from '../../../platform/queue/queue-names.js';

/** Subscriber imports, one job per started (or resumed) import, written to the outbox by the start. */
export const NEWSLETTER_IMPORT_QUEUE = defineQueue({ name: 'newsletter-import' });

export const IMPORT_SUBSCRIBERS_JOB = 'import-subscribers';

export interface ImportSubscribersJob {
  importId: string;
}
