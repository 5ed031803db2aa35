import { defineQueue } from '../../../platform/queue/queue-names.js';

/** The reconciliation of PayPal orders created but not captured. */
export const PAYMENTS_MAINTENANCE_QUEUE = defineQueue({ name: 'payments-maintenance' });
