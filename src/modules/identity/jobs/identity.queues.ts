import { defineQueue } from '../../../platform/queue/queue-names.js';

/** The hourly sweep of expired sessions and link tokens. */
export const IDENTITY_MAINTENANCE_QUEUE = defineQueue({ name: 'identity-maintenance' });
