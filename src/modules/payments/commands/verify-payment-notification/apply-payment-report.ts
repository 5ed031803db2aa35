import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isUuid } from '../../../../contracts/ids.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { PaymentAccounts } from '../../domain/payment-accounts.js';
import { PaymentCapture } from '../../domain/payment-capture.entity.js';
import { PaymentDispute } from '../../domain/payment-dispute.entity.js';
import {
  type NotificationOutcome,
  PaymentNotification,
} from '../../domain/payment-notification.entity.js';
import type { PaymentReport, PaypalOrderRef } from '../../domain/payment-report.js';
import {
  PaymentDisputed,
  PaymentDisputeResolved,
  PaymentRejected,
  PaymentReversed,
  PaymentVerified,
} from '../../domain/payments.events.js';
import { checkIpn, sameAmount } from '../../domain/paypal.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { PaypalRefunds } from '../refund-payment/paypal-refunds.js';
import {
  type OrderToSettle,
  SettleCapture,
  type Settled,
} from '../settle-capture/settle-capture.js';

type Report<K extends PaymentReport['kind']> = Extract<PaymentReport, { kind: K }>;
export type ApplicableReport = Exclude<PaymentReport, { kind: 'approved' }>;

/**
 * The order a report is about, as the orders module shows it: read before the apply transaction
 * opens, so that the transaction never waits for a second pool connection while it holds one.
 */
export interface ReportContext {
  order: OrderToSettle | null;
}

const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * Applies what a verified message reports, inside the short transaction that settles the message (no
 * call to PayPal here: an approved order's capture runs before, outside any transaction). Every event
 * it emits commits with the message's outcome, so a message applied again finds itself settled.
 */
@Injectable()
export class ApplyPaymentReport {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly accounts: PaymentAccounts,
    private readonly settleCapture: SettleCapture,
    private readonly refunds: PaypalRefunds,
  ) {}

  /** Read-only lookups, before the transaction. */
  async prepare(report: ApplicableReport): Promise<ReportContext> {
    const em = this.em.fork();
    let orderId: string | null = null;
    switch (report.kind) {
      case 'standard-payment':
        orderId = report.fields.get('custom') ?? '';
        break;
      case 'capture':
        orderId = (await paypalOrderOf(em, report.ref))?.orderId ?? null;
        break;
      case 'dispute':
        orderId = await orderOfDispute(em, report.payment);
        break;
      default:
        break;
    }
    return { order: orderId ? await this.settleCapture.orderToSettle(orderId) : null };
  }

  async apply(
    tx: EntityManager,
    report: ApplicableReport,
    notification: PaymentNotification,
    { order }: ReportContext,
  ): Promise<NotificationOutcome> {
    switch (report.kind) {
      case 'standard-payment':
        return this.standardPayment(tx, report, order, notification.id);
      case 'capture':
        return this.capture(tx, report, order, notification.id);
      case 'capture-denied':
      case 'capture-reversed':
        return this.captureReversed(tx, report, notification.id);
      case 'refund':
        return this.refund(tx, report, notification.id);
      case 'dispute':
        return this.dispute(tx, report, order, notification);
      case 'dispute-resolved':
        return this.disputeResolved(tx, report, notification);
      case 'nothing':
        return { result: 'recorded', detail: report.detail };
    }
  }

  private async standardPayment(
    tx: EntityManager,
    { fields }: Report<'standard-payment'>,
    order: OrderToSettle | null,
    notificationId: string,
  ): Promise<NotificationOutcome> {
    const receiver = await this.accounts.receivingEmail(tx);
    const check = checkIpn(fields, order, receiver);
    switch (check.outcome) {
      case 'apply': {
        // PayPal resends a transaction for days: its messages are applied one at a time, and only the
        // first applies (the partial unique index on applied txn_ids stands behind this).
        await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`txn:${check.txnId}`]);
        const applied = await tx.count(PaymentNotification, {
          txnId: check.txnId,
          result: { $in: ['applied', 'unapplied'] },
        });
        if (applied > 0) {
          return { result: 'duplicate', detail: `txn_id ${check.txnId} is already applied` };
        }
        await this.outbox.commit(tx, [
          new PaymentVerified({ notificationId, ...check, channel: 'standard' }),
        ]);
        return { result: 'applied', detail: null };
      }
      case 'reversal':
        await this.outbox.commit(tx, [
          new PaymentReversed({
            notificationId,
            orderId: check.orderId,
            paymentStatus: check.paymentStatus,
          }),
        ]);
        return { result: 'recorded', detail: `PayPal reported ${check.paymentStatus}` };
      case 'mismatch':
        await this.outbox.commit(tx, [
          new PaymentRejected({ notificationId, orderId: check.orderId, reason: check.reason }),
        ]);
        return { result: 'mismatch', detail: check.reason };
    }
  }

  private async capture(
    tx: EntityManager,
    { capture }: Report<'capture'>,
    order: OrderToSettle | null,
    notificationId: string,
  ): Promise<NotificationOutcome> {
    if (!order) return { result: 'mismatch', detail: 'The capture names no order of ours' };
    const settled = await this.settleCapture.settle(tx, order, capture, 'webhook', notificationId);
    return { ...fromSettled(settled), orderId: order.id };
  }

  private async captureReversed(
    tx: EntityManager,
    report: Report<'capture-denied' | 'capture-reversed'>,
    notificationId: string,
  ): Promise<NotificationOutcome> {
    const orderId = await orderOfCapture(tx, report.captureId, report.ref);
    if (!orderId) return { result: 'mismatch', detail: 'The capture names no order of ours' };
    const paymentStatus = report.kind === 'capture-denied' ? 'Denied' : 'Reversed';
    if (paymentStatus === 'Denied') {
      // The payment failed: the order stays unpaid, and the customer may pay again.
      const record = await tx.findOne(
        PaypalOrder,
        { orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (record?.abandon('PayPal denied the capture', new Date(), true)) {
        record.detail = 'PayPal denied the capture';
      }
    }
    await this.outbox.commit(tx, [new PaymentReversed({ orderId, notificationId, paymentStatus })]);
    return { result: 'recorded', detail: `PayPal reported the capture ${paymentStatus}`, orderId };
  }

  private async refund(
    tx: EntityManager,
    { captureId, refundId, status, amount, ref }: Report<'refund'>,
    notificationId: string,
  ): Promise<NotificationOutcome> {
    if (captureId && (await this.refunds.recordUnappliedRefund(tx, captureId, refundId, status))) {
      return { result: 'recorded', detail: 'PayPal reported the refund of an unapplied payment' };
    }
    const orderId = await orderOfCapture(tx, captureId, ref);
    if (!orderId || !captureId) {
      return { result: 'mismatch', detail: 'The refund names no capture of ours' };
    }
    const applied = await tx.findOne(PaymentCapture, { captureId });
    if (applied && !sameAmount(amount, applied.amount)) {
      // A partial refund (made in PayPal's dashboard): recorded on the order, which stays Paid.
      await this.outbox.commit(tx, [
        new PaymentReversed({
          orderId,
          notificationId,
          paymentStatus: `Partially refunded (${amount} of ${applied.amount})`,
        }),
      ]);
      return {
        result: 'recorded',
        detail: `PayPal reported a partial refund of ${amount}`,
        orderId,
      };
    }
    await this.refunds.recordRefund(tx, orderId, captureId, refundId, status);
    return { result: 'recorded', detail: 'PayPal reported a refund', orderId };
  }

  /** Opened once: PaymentDisputed only the first time PayPal reports the dispute. */
  private async dispute(
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
  private async disputeResolved(
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

/** Our PayPal order of a capture: by PayPal's order id, else by the custom id we gave it. */
function paypalOrderOf(tx: EntityManager, ref: PaypalOrderRef): Promise<PaypalOrder | null> {
  if (ref.paypalOrderId) return tx.findOne(PaypalOrder, { paypalOrderId: ref.paypalOrderId });
  return ref.customId && isUuid(ref.customId)
    ? tx.findOne(PaypalOrder, { orderId: ref.customId })
    : Promise.resolve(null);
}

/** The order a capture was applied to (or is the order's own), else the one the message names. */
async function orderOfCapture(
  tx: EntityManager,
  captureId: string | null,
  ref: PaypalOrderRef,
): Promise<string | null> {
  if (captureId) {
    const transaction = await orderOfTransaction(tx, captureId);
    if (transaction) return transaction;
  }
  return (await paypalOrderOf(tx, ref))?.orderId ?? null;
}

/** The order a PayPal capture (Checkout) or transaction (Payments Standard) paid. */
async function orderOfTransaction(tx: EntityManager, id: string): Promise<string | null> {
  const capture = await tx.findOne(PaymentCapture, { captureId: id });
  if (capture) return capture.orderId;
  const paypalOrder = await tx.findOne(PaypalOrder, { captureId: id });
  if (paypalOrder) return paypalOrder.orderId;
  const ipn = await tx.findOne(
    PaymentNotification,
    { txnId: id, result: { $in: ['applied', 'unapplied'] }, orderId: { $ne: null } },
    { fields: ['orderId'] },
  );
  return ipn?.orderId ?? null;
}

/** A dispute's order: the disputed transaction's, else the order id the message carries. */
async function orderOfDispute(
  tx: EntityManager,
  payment: { transactionId: string | null; orderId: string | null },
): Promise<string | null> {
  const paid = payment.transactionId ? await orderOfTransaction(tx, payment.transactionId) : null;
  if (paid) return paid;
  return payment.orderId && isUuid(payment.orderId) ? payment.orderId : null;
}

export function fromSettled(settled: Settled | 'declined' | 'abandoned'): NotificationOutcome {
  if (settled === 'abandoned') {
    return { result: 'recorded', detail: 'The order is no longer unpaid: not captured' };
  }
  if (settled === 'declined') {
    return { result: 'recorded', detail: 'PayPal declined the buyer’s payment method' };
  }
  switch (settled.outcome) {
    case 'paid':
      return settled.applied
        ? { result: 'applied', detail: null }
        : { result: 'duplicate', detail: 'The capture is applied already' };
    case 'pending':
      return { result: 'recorded', detail: 'PayPal holds the payment as pending' };
    case 'review':
      return { result: 'mismatch', detail: settled.reason };
  }
}
