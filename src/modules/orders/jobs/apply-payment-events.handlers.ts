import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { Order } from '../domain/order.entity.js';
import { formatMoney } from '../../../contracts/orders.js';
import {
  OrderPaid,
  OrderPaymentNotApplied,
  OrderRefunded,
  orderPayload,
} from '../domain/orders.events.js';
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
    order.updatedAt = now;
    if (order.paymentStatus === 'UnPaid') {
      order.paymentStatus = 'Paid';
      order.paidAt = now;
      order.paidVia = 'paypal';
      await tx.execute('delete from order_capture_claim where order_id = ?', [order.id]);
      await this.outbox.commit(tx, [new OrderPaid({ ...orderPayload(order), paidVia: 'paypal' })]);
      return;
    }
    const state =
      order.paymentStatus === 'Paid' ? 'already paid' : order.paymentStatus.toLowerCase();
    const reason = `${formatMoney(amount)} arrived through PayPal (${txnId}) while the order was ${state}: it was not applied to the order and should be refunded`;
    order.reviewReason = reason;
    await tx.flush();
    await this.mails.toAdmins(tx, orderPayload(order), 'Payment needs attention', reason);
    await this.outbox.commit(tx, [
      new OrderPaymentNotApplied({
        ...orderPayload(order),
        txnId,
        amount,
        channel: event.payload.channel ?? 'checkout',
        notificationId,
        paymentStatus: order.paymentStatus,
        reason,
      }),
    ]);
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
    order.reviewReason = reason;
    order.updatedAt = new Date();
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
    if (event.payload.paymentStatus === 'Denied') {
      await tx.execute('delete from order_capture_claim where order_id = ?', [order.id]);
    }
    order.paymentEvent = event.payload.paymentStatus;
    order.updatedAt = new Date();
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
    if (!order || order.paymentStatus !== 'Paid') return;
    const now = new Date();
    order.paymentStatus = 'Refunded';
    order.refundedAt = now;
    order.paymentEvent = 'Refunded';
    order.updatedAt = now;
    await this.outbox.commit(tx, [new OrderRefunded(orderPayload(order))]);
  }
}

export const PAYMENT_EVENT_HANDLERS = [
  ApplyVerifiedPayment,
  ApplyRefundedPayment,
  FlagRejectedPayment,
  RecordReversedPayment,
];
