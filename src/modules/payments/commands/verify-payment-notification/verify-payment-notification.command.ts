import { Command } from '@nestjs/cqrs';

/**
 * Verifies a stored PayPal message with PayPal and applies it: the pipeline's second half, run by the
 * worker for the outbox job `jobId` (which records it as processed, once).
 */
export class VerifyPaymentNotificationCommand extends Command<void> {
  constructor(
    readonly notificationId: string,
    readonly jobId: string,
  ) {
    super();
  }
}
