/** What other modules and the composition root may use of seo-check (lint rule: nothing else). */
export * from './domain/seo-check.events.js';
export type * from './domain/seo-check.mails.js';
export { SEO_CHECK_QUEUE } from './jobs/seo-check.queues.js';
export { SeoCheckModule } from './seo-check.module.js';
