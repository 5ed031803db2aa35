import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { QueueProcessor } from '../../../../platform/queue/queue-processor.decorator.js';
import { ScheduledSweep, type SweepSchedule } from '../../../../platform/queue/scheduled-sweep.js';
import { resolveIntegration } from '../../domain/paypal-settings.js';
import { PAYMENTS_MAINTENANCE_QUEUE } from '../../jobs/payments.queues.js';
import { ReconcilePaypalOrdersCommand } from './reconcile-paypal-orders.command.js';

/**
 * Every PAYPAL_RECONCILE_EVERY_MS, asks PayPal about the PayPal orders created but not captured for
 * PAYPAL_RECONCILE_AFTER_MS, and finishes them (capture, settle, or abandon): no paid order stays
 * UnPaid because a webhook was lost or the buyer closed the tab before the capture.
 */
@Injectable()
@QueueProcessor(PAYMENTS_MAINTENANCE_QUEUE.name)
export class ReconcilePaypalOrdersProcessor extends ScheduledSweep<{ changed: number }> {
  readonly schedule: SweepSchedule;
  protected readonly summary = 'PayPal orders reconciled';

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    // Only PayPal Checkout has orders to reconcile.
    const everyMs =
      resolveIntegration(config) === 'checkout' ? config.PAYPAL_RECONCILE_EVERY_MS : undefined;
    this.schedule = { id: 'reconcile-paypal-orders', everyMs };
  }

  protected async sweep(): Promise<{ changed: number }> {
    const changed = await this.commandBus.execute(
      new ReconcilePaypalOrdersCommand(this.config.PAYPAL_RECONCILE_AFTER_MS),
    );
    return { changed };
  }
}
