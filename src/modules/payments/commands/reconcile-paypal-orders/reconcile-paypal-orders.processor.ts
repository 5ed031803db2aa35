import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { QueueProcessor } from '../../../../platform/queue/queue-processor.decorator.js';
import { ScheduledSweep, type SweepSchedule } from '../../../../platform/queue/scheduled-sweep.js';
import { paypalSettings, resolveIntegration } from '../../domain/paypal-settings.js';
import { PAYMENTS_MAINTENANCE_QUEUE } from '../../jobs/payments.queues.js';
import { subscriptionsReady } from '../../paypal/paypal-errors.js';
import { ReconcileSubscriptionsCommand } from '../reconcile-subscriptions/reconcile-subscriptions.command.js';
import { ReconcilePaypalOrdersCommand } from './reconcile-paypal-orders.command.js';

/**
 * Every PAYPAL_RECONCILE_EVERY_MS, asks PayPal about the PayPal orders created but not captured for
 * PAYPAL_RECONCILE_AFTER_MS, and finishes them (capture, settle, or abandon): no paid order stays
 * UnPaid because a webhook was lost or the buyer closed the tab before the capture. The same run
 * reads the open subscriptions (ReconcileSubscriptions): the queue has one processor.
 */
@Injectable()
@QueueProcessor(PAYMENTS_MAINTENANCE_QUEUE.name)
export class ReconcilePaypalOrdersProcessor extends ScheduledSweep<{
  changed: number;
  subscriptions: number;
}> {
  readonly schedule: SweepSchedule;
  protected readonly summary = 'PayPal orders and subscriptions reconciled';
  private readonly checkout: boolean;
  private readonly subscriptions: boolean;

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    // Only PayPal Checkout has orders, and only a shop with REST credentials subscriptions.
    this.checkout = resolveIntegration(config) === 'checkout';
    this.subscriptions = subscriptionsReady(paypalSettings(config));
    const everyMs =
      this.checkout || this.subscriptions ? config.PAYPAL_RECONCILE_EVERY_MS : undefined;
    this.schedule = { id: 'reconcile-paypal-orders', everyMs };
  }

  protected async sweep(): Promise<{ changed: number; subscriptions: number }> {
    const olderThanMs = this.config.PAYPAL_RECONCILE_AFTER_MS;
    const changed = this.checkout
      ? await this.commandBus.execute(new ReconcilePaypalOrdersCommand(olderThanMs))
      : 0;
    const subscriptions = this.subscriptions
      ? await this.commandBus.execute(new ReconcileSubscriptionsCommand(olderThanMs))
      : 0;
    return { changed, subscriptions };
  }
}
