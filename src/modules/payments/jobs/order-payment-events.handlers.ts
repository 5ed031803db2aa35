import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';

/**
 * Money the order did not take (it was paid already, cancelled or refunded) is kept as a payment of its
 * own, once per PayPal capture or transaction, for the admins to refund; its IPN reads 'unapplied'.
 */
@Injectable()
@HandlesDomainEvent('OrderPaymentNotApplied')
export class RecordUnappliedPayment implements DomainEventHandler<'OrderPaymentNotApplied'> {
  async handle(event: DomainEventJob<'OrderPaymentNotApplied'>, tx: EntityManager): Promise<void> {
    const { orderId, txnId, amount, channel, reason, notificationId } = event.payload;
    await tx.execute(
      `insert into unapplied_payment
         (id, order_id, channel, reference, amount, reason, status, received_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'needs_attention', now(), now())
       on conflict (reference) do nothing`,
      [randomUUID(), orderId, channel, txnId, amount, reason],
    );
    if (notificationId) {
      await tx.execute(
        `update payment_notification set result = 'unapplied', detail = ?
          where id = ? and result = 'applied'`,
        [reason, notificationId],
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
    await tx.execute(
      `update paypal_order set status = 'ABANDONED', detail = 'Abandoned: the order was cancelled',
         updated_at = now()
       where order_id = ? and status in ('CREATED', 'APPROVED')`,
      [event.payload.orderId],
    );
  }
}

export const ORDER_PAYMENT_EVENT_HANDLERS = [
  RecordUnappliedPayment,
  AbandonCheckoutOfCancelledOrder,
];
