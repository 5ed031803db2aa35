import { defineQueue } from '../../../platform/queue/queue-names.js';

/**
 * One job per new SEO check, written to the outbox with its row: the worker fetches the page and makes
 * the report (never in the request). A job that keeps failing (not the site: the site's own failures
 * are a report of their own) is retried with the queue's backoff and then leaves the check `failed`.
 */
export const SEO_CHECK_QUEUE = defineQueue({ name: 'seo-check', jobOptions: { attempts: 3 } });
export const RUN_SEO_CHECK_JOB = 'run-seo-check';

export interface RunSeoCheckJob {
  checkId: string;
  /** Given with the check: the report is then requested for it (SeoCheckReportRequested). */
  email?: string;
  subscribe?: boolean;
  ip: string;
}
