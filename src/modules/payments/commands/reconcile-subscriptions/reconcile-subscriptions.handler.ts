import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Subscription } from '../../domain/subscription.entity.js';
import { PaypalSubscriptions } from '../../paypal/paypal-subscriptions.js';
import { ReconcileSubscriptionsCommand } from './reconcile-subscriptions.command.js';
import { SyncSubscription } from './sync-subscription.js';

/** At most this many subscriptions are read per run; the next run takes the next ones. */
const BATCH = 50;
/** A subscription never approved is given up after this long (PayPal lets its approval lapse). */
const APPROVAL_WINDOW_MS = 3 * 24 * 3600_000;

/**
 * Reads the open subscriptions from PayPal (those read longest ago first) and applies what PayPal
 * says through the webhooks' code: a lost activation webhook, lost sale webhooks, a lost suspension
 * or cancellation are made up for. Each is read with no transaction open.
 */
@CommandHandler(ReconcileSubscriptionsCommand)
export class ReconcileSubscriptionsHandler implements ICommandHandler<ReconcileSubscriptionsCommand> {
  private readonly logger = new Logger('ReconcileSubscriptions');

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PaypalSubscriptions,
    private readonly syncer: SyncSubscription,
  ) {}

  async execute({ olderThanMs }: ReconcileSubscriptionsCommand): Promise<number> {
    const now = Date.now();
    const readBefore = new Date(now - olderThanMs);
    const open = await this.em.fork().find(
      Subscription,
      {
        $or: [
          {
            status: 'APPROVAL_PENDING',
            createdAt: { $lt: readBefore, $gt: new Date(now - APPROVAL_WINDOW_MS) },
          },
          { status: { $in: ['ACTIVE', 'SUSPENDED'] } },
        ],
        $and: [{ $or: [{ reconciledAt: null }, { reconciledAt: { $lt: readBefore } }] }],
      },
      { orderBy: { reconciledAt: 'asc nulls first' }, limit: BATCH },
    );
    let changed = 0;
    for (const subscription of open) {
      try {
        const snapshot = await this.paypal.read(subscription.paypalSubscriptionId);
        const synced = snapshot ? await this.syncer.sync(subscription, snapshot) : null;
        if (synced && (synced.changed || synced.charges > 0)) changed++;
      } catch (error) {
        this.logger.warn(
          { err: error, orderId: subscription.orderId },
          'Reconciliation of a subscription failed',
        );
      }
      // Read again after the others (also when PayPal did not know it, or could not be reached).
      await this.em
        .fork()
        .nativeUpdate(Subscription, { id: subscription.id }, { reconciledAt: new Date() });
    }
    return changed;
  }
}
