import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { OutboxLedger } from '../../../../platform/outbox/outbox-ledger.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../../platform/queue/queue-processor.decorator.js';
import { PAYMENT_NOTIFICATIONS_QUEUE } from '../../jobs/payments.queues.js';
import { VerifyPaymentNotificationCommand } from './verify-payment-notification.command.js';

/**
 * Runs the pipeline for one outbox job of the payment-notifications queue. The job's row is claimed
 * for a lease (not a transaction): a job published again meanwhile waits, and the row is confirmed
 * once the message is settled. A failed attempt frees the row for its retry.
 */
@Injectable()
@QueueProcessor(PAYMENT_NOTIFICATIONS_QUEUE.name)
export class VerifyPaymentNotificationProcessor implements JobProcessor {
  constructor(
    private readonly ledger: OutboxLedger,
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(job: Job): Promise<void> {
    const lease = {
      queue: PAYMENT_NOTIFICATIONS_QUEUE.name,
      leaseMs: this.config.QUEUE_LOCK_DURATION_MS,
      busy: 'This message is being verified by another worker',
    };
    await this.ledger.runClaimed(job, lease, async (payload) => {
      const { notificationId } = payload as { notificationId: string };
      await this.commandBus.execute(
        new VerifyPaymentNotificationCommand(notificationId, String(job.id)),
      );
    });
  }
}
