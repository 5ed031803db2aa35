/**
 * The scheduled sweeps (ScheduledSweep): when each runs, and what a run reports. The worker runner
 * upserts `schedule` when it starts the sweep's queue, or removes the scheduler when `everyMs` is
 * undefined (the integration tests run the sweeps themselves).
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { ReconcilePaypalOrdersProcessor } from '../../src/modules/payments/commands/reconcile-paypal-orders/reconcile-paypal-orders.processor.js';
import { type AppConfig, parseConfig } from '../../src/platform/config/app-config.js';
import { ScheduledSweep } from '../../src/platform/queue/scheduled-sweep.js';

const reconcileSchedule = (env: Record<string, string>) =>
  new ReconcilePaypalOrdersProcessor(
    {} as never,
    parseConfig({ PUBLIC_URL: 'http://localhost:3000', ...env }) as AppConfig,
  ).schedule;

describe('the scheduled sweeps', () => {
  it('reconcile PayPal orders every PAYPAL_RECONCILE_EVERY_MS where the shop takes PayPal Checkout', () => {
    expect(
      reconcileSchedule({ PAYMENT_INTEGRATION: 'checkout', PAYPAL_RECONCILE_EVERY_MS: '120000' }),
    ).toStrictEqual({ id: 'reconcile-paypal-orders', everyMs: 120_000 });
  });

  it('reconcile the subscriptions where the shop takes Payments Standard with REST credentials (monthly plans are REST)', () => {
    expect(
      reconcileSchedule({ PAYMENT_INTEGRATION: 'standard', PAYPAL_RECONCILE_EVERY_MS: '60000' }),
    ).toStrictEqual({ id: 'reconcile-paypal-orders', everyMs: 60_000 });
  });

  it('remove the reconciliation where the shop takes Payments Standard without REST credentials (nothing to reconcile)', () => {
    expect(
      reconcileSchedule({ PAYMENT_INTEGRATION: 'standard', PAYPAL_MODE: 'sandbox' }),
    ).toStrictEqual({ id: 'reconcile-paypal-orders', everyMs: undefined });
  });

  it('answer a run with what it touched', async () => {
    class CountingSweep extends ScheduledSweep<{ rows: number }> {
      readonly schedule = { id: 'counting', everyMs: 1000 };
      protected readonly summary = 'Rows deleted';
      constructor(private readonly rows: number) {
        super();
      }
      protected sweep() {
        return Promise.resolve({ rows: this.rows });
      }
    }
    await expect(new CountingSweep(0).process()).resolves.toStrictEqual({ rows: 0 });
    await expect(new CountingSweep(3).process()).resolves.toStrictEqual({ rows: 3 });
  });
});
