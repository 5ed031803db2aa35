import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable } from '@nestjs/common';
import type { AuditKind } from '../../../../contracts/audit.js';
import {
  type SubscriptionActor,
  type SubscriptionStatus,
  SUBSCRIPTION_TEXTS,
} from '../../../../contracts/subscriptions.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { callPaypal } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import { ApplySubscriptionReport } from '../verify-payment-notification/apply-subscription-report.js';

/** What the customer or an admin may do to a subscription at PayPal. */
export type SubscriptionAction = 'suspend' | 'activate' | 'cancel';

const RULES: Record<
  SubscriptionAction,
  { from: readonly SubscriptionStatus[]; to: SubscriptionStatus; refused: string; audit: AuditKind }
> = {
  suspend: {
    from: ['ACTIVE'],
    to: 'SUSPENDED',
    refused: SUBSCRIPTION_TEXTS.notSuspendable,
    audit: 'subscription.suspended',
  },
  activate: {
    from: ['SUSPENDED'],
    to: 'ACTIVE',
    refused: SUBSCRIPTION_TEXTS.notResumable,
    audit: 'subscription.resumed',
  },
  cancel: {
    from: ['ACTIVE', 'SUSPENDED'],
    to: 'CANCELLED',
    refused: SUBSCRIPTION_TEXTS.notCancellable,
    audit: 'subscription.cancelled',
  },
};

/** Who asks: the customer, or an admin (audited). */
export type Requester = { by: 'customer' } | { by: 'admin'; actor: AuditActor };

/**
 * Pauses, resumes or cancels a subscription as call → apply: PayPal is asked first with no
 * transaction open (what PayPal refuses changes nothing here), then the state, its event
 * (SubscriptionStatusChanged) and, for an admin, the audit entry commit together. PayPal's own
 * webhook of the same change then finds it applied.
 */
@Injectable()
export class SubscriptionChanges {
  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly outbox: TransactionalOutbox,
    private readonly apply: ApplySubscriptionReport,
  ) {}

  async change(
    subscription: Subscription,
    action: SubscriptionAction,
    requester: Requester,
    reason: string | null,
  ): Promise<void> {
    const rule = RULES[action];
    if (!rule.from.includes(subscription.status)) {
      throw new ConflictException(
        action === 'cancel' && subscription.status === 'CANCELLED'
          ? SUBSCRIPTION_TEXTS.cancelledAlready
          : rule.refused,
      );
    }
    const told = reason ?? (requester.by === 'customer' ? 'Cancelled by the customer' : action);
    const id = subscription.paypalSubscriptionId;
    await callPaypal(async () => {
      switch (action) {
        case 'suspend':
          await (
            await this.rest.api()
          ).subscriptions.suspendSubscription({ id, body: { reason: told } });
          break;
        case 'activate':
          await (
            await this.rest.api()
          ).subscriptions.activateSubscription({ id, body: { reason: told } });
          break;
        case 'cancel':
          await (
            await this.rest.api()
          ).subscriptions.cancelSubscription({ id, body: { reason: told } });
          break;
      }
    });
    await this.em.fork().transactional(async (tx) => {
      const locked = await tx.findOneOrFail(
        Subscription,
        { id: subscription.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const before = locked.status;
      const by: SubscriptionActor = requester.by;
      const event = this.apply.changeStatus(locked, rule.to, { by, reason, at: new Date() });
      if (requester.by === 'admin') {
        recordAudit(tx, requester.actor, {
          kind: rule.audit,
          targetType: 'order',
          targetId: locked.orderId,
          summary: `${locked.packageName} subscription of ${locked.customerEmail}: ${before} → ${locked.status}${reason ? ` (${reason})` : ''}`,
          before: { status: before },
          after: {
            status: locked.status,
            paypalSubscriptionId: locked.paypalSubscriptionId,
            endsAt: locked.endsAt,
          },
        });
      }
      await this.outbox.commit(tx, event ? [event] : []);
    });
  }
}
