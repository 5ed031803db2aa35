import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { PaymentCapture } from '../../domain/payment-capture.entity.js';
import { PaymentDispute } from '../../domain/payment-dispute.entity.js';
import type {
  NotificationOutcome,
  PaymentNotification,
} from '../../domain/payment-notification.entity.js';
import type { PaymentReport } from '../../domain/payment-report.js';
import { PaymentDisputed, PaymentDisputeResolved } from '../../domain/payments.events.js';
import type { OrderToSettle } from '../settle-capture/settle-capture.js';
import { orderOfDispute } from './payment-lookups.js';

type Report<K extends PaymentReport['kind']> = Extract<PaymentReport, { kind: K }>;

const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * Disputes as PayPal reports them (webhook CUSTOMER.DISPUTE.*, IPN new_case / Reversed /
 * Canceled_Reversal), within the message's apply transaction: a dispute is opened once and ended once
 * (payment_dispute's primary key), however often and in whatever order PayPal reports it.
 */
@Injectable()
export class ApplyDisputeReport {
  constructor(private readonly outbox: TransactionalOutbox) {}

  /** Opened once: PaymentDisputed only the first time PayPal reports the dispute. */
  async open(
    tx: EntityManager,
    report: Report<'dispute'>,
    order: OrderToSettle | null,
    notification: PaymentNotification,
  ): Promise<NotificationOutcome> {
    if (!order || !report.disputeId) {
      return { result: 'mismatch', detail: 'The dispute names no payment of ours' };
    }
    const orderId = order.id;
    const amount = DECIMAL.test(report.amount) ? report.amount : await this.paidAmount(tx, order);
    const currency = report.currency || 'USD';
    const reason = report.reason || 'no reason given';
    const { affectedRows } = await tx
      .createQueryBuilder(PaymentDispute)
      .insert({
        id: report.disputeId,
        orderId,
        reason,
        amount,
        currency,
        outcome: null,
        openedAt: new Date(),
        resolvedAt: null,
      })
      .onConflict()
      .ignore()
      .execute('run');
    if (affectedRows === 0) {
      return {
        result: 'duplicate',
        detail: `Dispute ${report.disputeId} is known already`,
        orderId,
      };
    }
    await this.outbox.commit(tx, [
      new PaymentDisputed({
        orderId,
        notificationId: notification.id,
        disputeId: report.disputeId,
        reason,
        amount,
        currency,
      }),
    ]);
    return {
      result: 'recorded',
      detail: `PayPal opened dispute ${report.disputeId}: ${reason}`,
      orderId,
    };
  }

  /** Resolved once: PaymentDisputeResolved only the first time PayPal reports the end. */
  async resolve(
    tx: EntityManager,
    report: Report<'dispute-resolved'>,
    notification: PaymentNotification,
  ): Promise<NotificationOutcome> {
    const orderId = await orderOfDispute(tx, report.payment);
    if (!orderId) return { result: 'mismatch', detail: 'The dispute names no payment of ours' };
    // An IPN reversal that names no case is one of its own, keyed by its transaction.
    const key = report.disputeId ?? `txn:${notification.txnId ?? notification.id}`;
    const now = new Date();
    let dispute = await tx.findOne(
      PaymentDispute,
      { id: key },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!dispute) {
      // The end reported before (or without) the opening: recorded as opened and ended at once.
      const { affectedRows } = await tx
        .createQueryBuilder(PaymentDispute)
        .insert({
          id: key,
          orderId,
          reason: 'reported by PayPal with its end',
          amount: null,
          currency: null,
          outcome: null,
          openedAt: now,
          resolvedAt: null,
        })
        .onConflict()
        .ignore()
        .execute('run');
      dispute = await tx.findOne(
        PaymentDispute,
        { id: key },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (affectedRows === 0 && dispute?.outcome) {
        return { result: 'duplicate', detail: `Dispute ${key} is resolved already`, orderId };
      }
    }
    if (!dispute?.resolve(report.outcome, now)) {
      return { result: 'duplicate', detail: `Dispute ${key} is resolved already`, orderId };
    }
    await tx.flush();
    await this.outbox.commit(tx, [
      new PaymentDisputeResolved({
        orderId,
        notificationId: notification.id,
        disputeId: report.disputeId,
        outcome: report.outcome,
      }),
    ]);
    return {
      result: 'recorded',
      detail: `PayPal reported the dispute ended: ${report.outcome}`,
      orderId,
    };
  }

  /** What the order was paid: the amount a dispute names when PayPal's message does not say. */
  private async paidAmount(tx: EntityManager, order: OrderToSettle): Promise<string> {
    const capture = await tx.findOne(
      PaymentCapture,
      { orderId: order.id },
      { orderBy: { appliedAt: 'asc' } },
    );
    return capture?.amount ?? order.packagePrice;
  }
}
