import { defineQueue } from '../../../platform/queue/queue-names.js';

/** IndexNow submissions, one job per submission, written to the outbox by the content change. */
export const INDEXNOW_QUEUE = defineQueue({ name: 'indexnow' });

export const SUBMIT_INDEXNOW_JOB = 'submit-indexnow';

export interface SubmitIndexNowJob {
  submissionId: string;
}
