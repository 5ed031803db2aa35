import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionActor, SubscriptionStatus } from '../../../../contracts/subscriptions.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import type { DomainEvent } from '../../../../platform/outbox/domain-event.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import type { NotificationOutcome } from '../../domain/payment-notification.entity.js';
import {
  PaymentRejected,
  SubscriptionCharged,
  SubscriptionPaymentFailed,
  SubscriptionStatusChanged,
} from '../../domain/payments.events.js';
import { sameAmount } from '../../domain/paypal.js';
import { Subscription } from '../../domain/subscription.entity.js';
import { SubscriptionPayment } from '../../domain/subscription-payment.entity.js';
import {
  fixPaymentUrl,
  type ReportedSale,
  type SubscriptionSnapshot,
} from '../../domain/subscription-snapshot.js';

/** Statuses a subscription never leaves, except CANCELLED for EXPIRED. */
const ENDED: readonly SubscriptionStatus[] = ['CANCELLED', 'EXPIRED'];

/** Where a status change came from, for the event and the subscription's record. */
export interface StatusChange {
  by: SubscriptionActor;
  reason: string | null;
  at: Date;
}

/**
 * Applies what PayPal says of a subscription (a webhook's snapshot or sale, or the same read by
 * reconciliation or the activation) inside the caller's short transaction, under the subscription's
 * row lock: the same sale however often reported is one payment; an older snapshot than the state
 * applied changes nothing. The events commit with the change.
 */
@Injectable()
export class ApplySubscriptionReport {
  constructor(
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The subscription with its row locked, or null when PayPal's id is not one of ours. */
  lock(tx: EntityManager, paypalSubscriptionId: string): Promise<Subscription | null> {
    if (!paypalSubscriptionId) return Promise.resolve(null);
    return tx.findOne(
      Subscription,
      { paypalSubscriptionId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
  }

  fixUrl(subscription: Subscription): string {
    return fixPaymentUrl(
      this.config.PAYPAL_MODE,
      this.config.PUBLIC_URL,
      subscription.paypalSubscriptionId,
    );
  }

  /** A subscription's state at PayPal: its status, next billing date and failed charges. */
  async snapshot(tx: EntityManager, snapshot: SubscriptionSnapshot): Promise<NotificationOutcome> {
    const subscription = await this.lock(tx, snapshot.paypalSubscriptionId);
    if (!subscription) {
      return { result: 'mismatch', detail: 'The subscription is not one of ours' };
    }
    const orderId = subscription.orderId;
    if (snapshot.customId && snapshot.customId !== orderId) {
      return {
        result: 'mismatch',
        detail: 'The subscription names another order than the one it was made for',
        orderId,
      };
    }
    const events: DomainEvent[] = [];
    const now = new Date();
    const newer =
      !subscription.statusUpdatedAt ||
      !snapshot.statusUpdatedAt ||
      snapshot.statusUpdatedAt >= subscription.statusUpdatedAt;
    let moved = false;
    if (newer && snapshot.status) {
      if (snapshot.status === 'ACTIVE' && snapshot.nextBillingAt) {
        subscription.nextBillingAt = snapshot.nextBillingAt;
      }
      if (snapshot.startedAt && snapshot.status !== 'APPROVAL_PENDING') {
        subscription.startedAt ??= snapshot.startedAt;
      }
      const change = this.changeStatus(subscription, snapshot.status, {
        by: 'paypal',
        reason: null,
        at: now,
      });
      if (change) {
        events.push(change);
        moved = true;
      }
      if (snapshot.statusUpdatedAt) subscription.statusUpdatedAt = snapshot.statusUpdatedAt;
      subscription.updatedAt = now;
    }
    const failed = this.failure(subscription, snapshot, now);
    if (failed) events.push(failed);
    await this.outbox.commit(tx, events);
    if (failed) {
      return {
        result: 'applied',
        detail: `PayPal could not take a charge (${subscription.failedPayments} failed)`,
        orderId,
      };
    }
    if (moved) {
      return { result: 'applied', detail: `Subscription ${subscription.status}`, orderId };
    }
    return {
      result: newer ? 'duplicate' : 'recorded',
      detail: newer
        ? `The subscription is ${subscription.status} already`
        : 'An older state of the subscription than the one applied: nothing changed',
      orderId,
    };
  }

  /**
   * Moves the subscription to `to` with what each status records, and answers the event to commit
   * (null when nothing changed: the same status, a way back to approval, or out of an end).
   */
  changeStatus(
    subscription: Subscription,
    to: SubscriptionStatus,
    { by, reason, at }: StatusChange,
  ): SubscriptionStatusChanged | null {
    const from = subscription.status;
    if (from === to || to === 'APPROVAL_PENDING') return null;
    if (ENDED.includes(from) && !(from === 'CANCELLED' && to === 'EXPIRED')) return null;
    switch (to) {
      case 'ACTIVE':
        subscription.startedAt ??= at;
        subscription.suspendedAt = null;
        break;
      case 'SUSPENDED':
        subscription.suspendedAt = at;
        break;
      case 'CANCELLED':
      case 'EXPIRED':
        // The service runs to the end of the month paid for.
        subscription.endsAt ??= subscription.nextBillingAt ?? at;
        subscription.cancelledAt ??= at;
        subscription.nextBillingAt = null;
        break;
    }
    subscription.moveTo(to, by, at);
    // PayPal's own time is recorded by the snapshot that moved it.
    if (by !== 'paypal') subscription.statusUpdatedAt = at;
    return new SubscriptionStatusChanged({
      orderId: subscription.orderId,
      subscriptionId: subscription.id,
      customerEmail: subscription.customerEmail,
      packageName: subscription.packageName,
      price: subscription.price,
      from,
      to,
      by,
      reason,
      endsAt: subscription.endsAt?.toISOString() ?? null,
    });
  }

  /** A failed charge PayPal reports for the first time (its time is later than the last one seen). */
  private failure(
    subscription: Subscription,
    snapshot: SubscriptionSnapshot,
    now: Date,
  ): SubscriptionPaymentFailed | null {
    const failedAt = snapshot.lastFailedAt;
    if (snapshot.failedPayments < 1 || !failedAt) return null;
    if (subscription.lastFailedAt && failedAt <= subscription.lastFailedAt) return null;
    subscription.failedPayments = snapshot.failedPayments;
    subscription.lastFailedAt = failedAt;
    subscription.updatedAt = now;
    return new SubscriptionPaymentFailed({
      orderId: subscription.orderId,
      subscriptionId: subscription.id,
      customerEmail: subscription.customerEmail,
      packageName: subscription.packageName,
      failedPayments: subscription.failedPayments,
      fixUrl: this.fixUrl(subscription),
    });
  }

  /**
   * A charge PayPal took: one payment per sale id (the primary key, under the subscription's lock),
   * numbered after the ones before it. A charge of another amount or currency than the plan's is kept
   * (PayPal took the money) but not applied: the admins review it.
   */
  async sale(
    tx: EntityManager,
    sale: ReportedSale,
    source: 'webhook' | 'reconciliation',
    notificationId: string | null,
    nextBillingAt: Date | null,
  ): Promise<NotificationOutcome> {
    const subscription = await this.lock(tx, sale.paypalSubscriptionId);
    if (!subscription)
      return { result: 'mismatch', detail: 'The sale names no subscription of ours' };
    const orderId = subscription.orderId;
    if (!sale.saleId) return { result: 'mismatch', detail: 'The sale has no id', orderId };
    if (await tx.findOne(SubscriptionPayment, { saleId: sale.saleId })) {
      return { result: 'duplicate', detail: `Sale ${sale.saleId} is applied already`, orderId };
    }
    const now = new Date();
    const sequence = (await tx.count(SubscriptionPayment, { subscriptionId: subscription.id })) + 1;
    tx.create(SubscriptionPayment, {
      saleId: sale.saleId,
      subscriptionId: subscription.id,
      orderId,
      amount: sale.amount,
      currency: sale.currency,
      sequence,
      paidAt: sale.paidAt,
      source,
    });
    const matches = sameAmount(sale.amount, subscription.price) && sale.currency === 'USD';
    if (!matches) {
      const reason = `Subscription charge ${sale.saleId} of ${sale.amount} ${sale.currency} does not match the plan's ${subscription.price} ${subscription.currency}`;
      await this.outbox.commit(tx, [new PaymentRejected({ orderId, notificationId, reason })]);
      return { result: 'mismatch', detail: reason, orderId };
    }
    const events: DomainEvent[] = [];
    if (subscription.status === 'APPROVAL_PENDING') {
      // A charge means PayPal bills it: a lost activation is made up for here.
      const activated = this.changeStatus(subscription, 'ACTIVE', {
        by: 'paypal',
        reason: null,
        at: now,
      });
      if (activated) events.push(activated);
    }
    subscription.failedPayments = 0;
    if (
      nextBillingAt &&
      (!subscription.nextBillingAt || nextBillingAt > subscription.nextBillingAt)
    ) {
      if (subscription.status === 'ACTIVE') subscription.nextBillingAt = nextBillingAt;
    }
    subscription.updatedAt = now;
    events.push(
      new SubscriptionCharged({
        orderId,
        subscriptionId: subscription.id,
        paypalSubscriptionId: subscription.paypalSubscriptionId,
        saleId: sale.saleId,
        amount: subscription.price,
        sequence,
        paidAt: sale.paidAt.toISOString(),
        nextBillingAt: subscription.nextBillingAt?.toISOString() ?? null,
        notificationId,
      }),
    );
    await this.outbox.commit(tx, events);
    return { result: 'applied', detail: `Charge ${sequence} of the subscription`, orderId };
  }
}
