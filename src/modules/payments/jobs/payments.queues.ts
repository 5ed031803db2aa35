import { defineQueue } from '../../../platform/queue/queue-names.js';

/** The reconciliation of PayPal orders created but not captured. */
export const PAYMENTS_MAINTENANCE_QUEUE = defineQueue({ name: 'payments-maintenance' });

/**
 * One job per PayPal message received (IPN or webhook), written to the outbox with the message: the
 * worker verifies it with PayPal, then applies it.
 */
export const PAYMENT_NOTIFICATIONS_QUEUE = defineQueue({ name: 'payment-notifications' });
export const VERIFY_PAYMENT_NOTIFICATION_JOB = 'verify-payment-notification';
