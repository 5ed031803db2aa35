import { defineQueue } from '../../../platform/queue/queue-names.js';

/**
 * The e-mails of the outbox. Their jobs may carry link tokens: Redis forgets them once sent (the outbox
 * row keeps who got what).
 */
export const MAIL_QUEUE = defineQueue({
  name: 'mail',
  jobOptions: { removeOnComplete: true },
});
