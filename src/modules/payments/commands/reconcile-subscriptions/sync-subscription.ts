import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Subscription } from '../../domain/subscription.entity.js';
import type { SubscriptionSnapshot } from '../../domain/subscription-snapshot.js';
import { PaypalSubscriptions } from '../../paypal/paypal-subscriptions.js';
import { ApplySubscriptionReport } from '../verify-payment-notification/apply-subscription-report.js';

/** What one read of a subscription from PayPal changed. */
export interface Synced {
  /** The state applied (a status change or a failed charge). */
  changed: boolean;
  /** Charges recorded now (not known before). */
  charges: number;
}

/**
 * Brings a subscription in step with PayPal from PayPal's own read of it: its state, then each
 * completed charge, through the very code the webhooks use (so a charge is applied once, whichever
 * reports it first). PayPal is read with no transaction open; each change is a short transaction.
 */
@Injectable()
export class SyncSubscription {
  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PaypalSubscriptions,
    private readonly apply: ApplySubscriptionReport,
  ) {}

  async sync(
    subscription: Pick<Subscription, 'id' | 'paypalSubscriptionId' | 'createdAt'>,
    snapshot: SubscriptionSnapshot,
  ): Promise<Synced> {
    const stated = await this.em.fork().transactional((tx) => this.apply.snapshot(tx, snapshot));
    let charges = 0;
    if (snapshot.status && snapshot.status !== 'APPROVAL_PENDING') {
      const sales = await this.paypal.sales(
        subscription.paypalSubscriptionId,
        subscription.createdAt,
      );
      for (const sale of sales) {
        const outcome = await this.em
          .fork()
          .transactional((tx) =>
            this.apply.sale(tx, sale, 'reconciliation', null, snapshot.nextBillingAt),
          );
        if (outcome.result === 'applied' || outcome.result === 'mismatch') charges++;
      }
    }
    return {
      changed: stated.result === 'applied',
      charges,
    };
  }
}
