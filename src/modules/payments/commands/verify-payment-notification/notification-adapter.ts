import type { PaymentNotification } from '../../domain/payment-notification.entity.js';
import type { PaymentReport } from '../../domain/payment-report.js';

/** PayPal's verdict on a stored message: only a verified one is applied. */
export type Verdict = { verified: true } | { verified: false; detail: string };

/**
 * One channel of PayPal's messages (IPN or webhook) as the notification pipeline sees it: how PayPal
 * confirms a message is its own, and what the message reports in the pipeline's common shape.
 */
export interface NotificationAdapter {
  /** Asks PayPal; throws when PayPal cannot be reached (the pipeline retries). */
  verify(notification: PaymentNotification): Promise<Verdict>;
  read(notification: PaymentNotification): PaymentReport;
}
