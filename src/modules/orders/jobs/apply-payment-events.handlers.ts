import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { issueCreditNote, issueInvoice } from '../../invoices/index.js';
import { endCaptureHolds } from '../commands/hold-for-capture/capture-hold.js';
import { isPayable, isRefundable, Order } from '../domain/order.entity.js';
import { orderPayload } from '../domain/orders.events.js';
import { OrderMails } from './send-order-emails.handlers.js';

const lockOrder = (tx: EntityManager, id: string) =>
  tx.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });

/**
 * A verified PayPal payment makes its UnPaid order Paid, once: the receipt and the admins' e-mail follow,
 * and the capture holds on the order end. Money for an order that is not UnPaid (paid already under
 * another capture or transaction, cancelled, refunded) is never applied: the order is flagged with the
 * amount, the admins are e-mailed, and the payment is kept apart for them to refund.
 */
@Injectable()
@HandlesDomainEvent('PaymentVerified')
export class ApplyVerifiedPayment implements DomainEventHandler<'PaymentVerified'> {
  constructor(
    private readonly outbox: TransactionalOutbox,
    private readonly mails: OrderMails,
  ) {}

  async handle(event: DomainEventJob<'PaymentVerified'>, tx: EntityManager): Promise<void> {
    const { orderId, txnId, amount, notificationId } = event.payload;
    const order = await lockOrder(tx, orderId);
    if (!order) return;
    const now = new Date();
    if (isPayable(order)) {
      const events = order.pay('paypal', now);
      await endCaptureHolds(tx, order.id);
      await issueInvoice(tx, order, now, txnId);
      await this.outbox.commit(tx, events);
      return;
    }
    const [notApplied] = order.setPaymentAside(
      { txnId, amount, channel: event.payload.channel ?? 'checkout', notificationId },
      now,
    );
    await tx.flush();
    const { reason } = notApplied.payload;
    await this.mails.toAdmins(tx, orderPayload(order), 'Payment needs attention', reason);
    await this.outbox.commit(tx, [notApplied]);
  }
}

/** A payment that did not match its order: the order is flagged with the reason, admins are told. */
@Injectable()
@HandlesDomainEvent('PaymentRejected')
export class FlagRejectedPayment implements DomainEventHandler<'PaymentRejected'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'PaymentRejected'>, tx: EntityManager): Promise<void> {
    const { orderId, reason } = event.payload;
    const order = orderId ? await lockOrder(tx, orderId) : null;
    if (!order) return;
    order.review(reason, new Date());
    await tx.flush();
    await this.mails.toAdmins(
      tx,
      orderPayload(order),
      'Payment needs review',
      `PayPal confirmed a payment that does not match the order: ${reason}. The order is not marked Paid.`,
    );
  }
}

/** A refund or reversal reported by PayPal is recorded on the order and shown to admins. */
@Injectable()
@HandlesDomainEvent('PaymentReversed')
export class RecordReversedPayment implements DomainEventHandler<'PaymentReversed'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'PaymentReversed'>, tx: EntityManager): Promise<void> {
    const order = await lockOrder(tx, event.payload.orderId);
    if (!order) return;
    // A denied capture took no money: the capture's hold on the order ends (it may be cancelled).
    if (event.payload.paymentStatus === 'Denied') await endCaptureHolds(tx, order.id);
    order.reverse(event.payload.paymentStatus, new Date());
    await tx.flush();
    await this.mails.toAdmins(
      tx,
      orderPayload(order),
      `Payment ${event.payload.paymentStatus}`,
      `PayPal reported the payment as ${event.payload.paymentStatus}.`,
    );
  }
}

/** A full refund through PayPal Checkout: a Paid order becomes Refunded, once; the customer is told. */
@Injectable()
@HandlesDomainEvent('PaymentRefunded')
export class ApplyRefundedPayment implements DomainEventHandler<'PaymentRefunded'> {
  constructor(private readonly outbox: TransactionalOutbox) {}

  async handle(event: DomainEventJob<'PaymentRefunded'>, tx: EntityManager): Promise<void> {
    const order = await lockOrder(tx, event.payload.orderId);
    // A refund reported again (or of an order refunded already) changes nothing.
    if (!order || !isRefundable(order)) return;
    const now = new Date();
    const events = order.refund(now);
    await issueCreditNote(tx, order.id, now);
    await this.outbox.commit(tx, events);
  }
}

export const PAYMENT_EVENT_HANDLERS = [
  ApplyVerifiedPayment,
  ApplyRefundedPayment,
  FlagRejectedPayment,
  RecordReversedPayment,
];
