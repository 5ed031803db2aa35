import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { PaymentNotification } from '../domain/payment-notification.entity.js';
import { PaypalOrder } from '../domain/paypal-order.entity.js';
import { UnappliedPayment } from '../domain/unapplied-payment.entity.js';

/**
 * Money the order did not take (it was paid already, cancelled or refunded) is kept as a payment of its
 * own, once per PayPal capture or transaction, for the admins to refund; its IPN reads 'unapplied'.
 */
@Injectable()
@HandlesDomainEvent('OrderPaymentNotApplied')
export class RecordUnappliedPayment implements DomainEventHandler<'OrderPaymentNotApplied'> {
  async handle(event: DomainEventJob<'OrderPaymentNotApplied'>, tx: EntityManager): Promise<void> {
    const { orderId, txnId, amount, channel, reason, notificationId } = event.payload;
    const now = new Date();
    // Insert-if-absent in one statement: the reference (capture or txn id) is recorded once.
    await tx
      .createQueryBuilder(UnappliedPayment)
      .insert({
        id: randomUUID(),
        orderId,
        channel,
        reference: txnId,
        amount,
        reason,
        status: 'needs_attention',
        refundId: null,
        detail: null,
        receivedAt: now,
        updatedAt: now,
      })
      .onConflict()
      .ignore()
      .execute('run');
    if (notificationId) {
      await tx.nativeUpdate(
        PaymentNotification,
        { id: notificationId, result: 'applied' },
        { result: 'unapplied', detail: reason },
      );
    }
  }
}

/**
 * A cancelled order's PayPal order is given up: nothing captures it any more (a capture needs the order
 * unpaid), and the buyer's approval lapses at PayPal without moving money.
 */
@Injectable()
@HandlesDomainEvent('OrderCancelled')
export class AbandonCheckoutOfCancelledOrder implements DomainEventHandler<'OrderCancelled'> {
  async handle(event: DomainEventJob<'OrderCancelled'>, tx: EntityManager): Promise<void> {
    const record = await tx.findOne(
      PaypalOrder,
      { orderId: event.payload.orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (record?.abandon('the order was cancelled', new Date())) await tx.flush();
  }
}

export const ORDER_PAYMENT_EVENT_HANDLERS = [
  RecordUnappliedPayment,
  AbandonCheckoutOfCancelledOrder,
];
