import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { PaymentAccounts } from '../../domain/payment-accounts.js';
import { PaymentCapture } from '../../domain/payment-capture.entity.js';
import {
  type NotificationOutcome,
  PaymentNotification,
} from '../../domain/payment-notification.entity.js';
import type { PaymentReport } from '../../domain/payment-report.js';
import { PaymentRejected, PaymentReversed, PaymentVerified } from '../../domain/payments.events.js';
import { checkIpn, sameAmount } from '../../domain/paypal.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { PaypalRefunds } from '../refund-payment/paypal-refunds.js';
import { PaypalSubscriptions } from '../../paypal/paypal-subscriptions.js';
import { ApplyDisputeReport } from './apply-dispute-report.js';
import { ApplySubscriptionReport } from './apply-subscription-report.js';
import { orderOfCapture, orderOfDispute, paypalOrderOf } from './payment-lookups.js';
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
  /** A sale's subscription's next charge, as PayPal says now (null when it could not be read). */
  nextBillingAt?: Date | null;
}

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
    private readonly disputes: ApplyDisputeReport,
    private readonly subscriptions: ApplySubscriptionReport,
    private readonly paypalSubscriptions: PaypalSubscriptions,
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
      case 'sale':
        return {
          order: null,
          nextBillingAt: await this.nextBillingAt(report.sale.paypalSubscriptionId),
        };
      default:
        break;
    }
    return { order: orderId ? await this.settleCapture.orderToSettle(orderId) : null };
  }

  async apply(
    tx: EntityManager,
    report: ApplicableReport,
    notification: PaymentNotification,
    context: ReportContext,
  ): Promise<NotificationOutcome> {
    const { order } = context;
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
        return this.disputes.open(tx, report, order, notification);
      case 'dispute-resolved':
        return this.disputes.resolve(tx, report, notification);
      case 'subscription':
      case 'subscription-payment-failed':
        return this.subscriptions.snapshot(tx, report.snapshot);
      case 'sale':
        return this.subscriptions.sale(
          tx,
          report.sale,
          'webhook',
          notification.id,
          context.nextBillingAt ?? null,
        );
      case 'nothing':
        return { result: 'recorded', detail: report.detail };
    }
  }

  /** A sale does not say when PayPal charges next: its subscription, read from PayPal, does. */
  private async nextBillingAt(paypalSubscriptionId: string): Promise<Date | null> {
    try {
      return (await this.paypalSubscriptions.read(paypalSubscriptionId))?.nextBillingAt ?? null;
    } catch {
      // PayPal out of reach: the charge is applied all the same; reconciliation refreshes the date.
      return null;
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
