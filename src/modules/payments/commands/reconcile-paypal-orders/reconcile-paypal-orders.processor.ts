import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../../platform/queue/queue-processor.decorator.js';
import { resolveIntegration } from '../../domain/paypal-settings.js';
import { PAYMENTS_MAINTENANCE_QUEUE } from '../../jobs/payments.queues.js';
import { ReconcilePaypalOrdersCommand } from './reconcile-paypal-orders.command.js';

const SCHEDULER_ID = 'reconcile-paypal-orders';

/**
 * Every PAYPAL_RECONCILE_EVERY_MS, asks PayPal about the PayPal orders created but not captured for
 * PAYPAL_RECONCILE_AFTER_MS, and finishes them (capture, settle, or abandon): no paid order stays
 * UnPaid because a webhook was lost or the buyer closed the tab before the capture.
 */
@Injectable()
@QueueProcessor(PAYMENTS_MAINTENANCE_QUEUE.name)
export class ReconcilePaypalOrdersProcessor implements JobProcessor, OnApplicationBootstrap {
  private readonly logger = new Logger('ReconcilePaypalOrders');

  constructor(
    private readonly commandBus: CommandBus,
    @InjectQueue(PAYMENTS_MAINTENANCE_QUEUE.name) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    if (resolveIntegration(this.config) !== 'checkout') {
      await this.queue.removeJobScheduler(SCHEDULER_ID);
      return;
    }
    // One scheduler however many workers start: upserting it is idempotent.
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: this.config.PAYPAL_RECONCILE_EVERY_MS },
      { name: SCHEDULER_ID },
    );
  }

  async process(): Promise<{ changed: number }> {
    const changed = await this.commandBus.execute(
      new ReconcilePaypalOrdersCommand(this.config.PAYPAL_RECONCILE_AFTER_MS),
    );
    if (changed > 0) this.logger.log({ changed }, 'PayPal orders reconciled');
    return { changed };
  }
}
