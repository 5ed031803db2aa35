import { defineQueue } from '../../../platform/queue/queue-names.js';

/** The hourly auto-approval of deliveries left without an answer. */
export const DELIVERABLES_QUEUE = defineQueue({ name: 'deliverables-maintenance' });
