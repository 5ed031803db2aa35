import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Order as PaypalApiOrder } from '@paypal/paypal-server-sdk';
import type { DomainEvent } from '../../../../platform/outbox/domain-event.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { FindOrderQuery } from '../../../orders/index.js';
import { type CaptureSource, PaymentCapture } from '../../domain/payment-capture.entity.js';
import { PaymentAccounts } from '../../domain/payment-accounts.js';
import { PaymentRejected, PaymentVerified } from '../../domain/payments.events.js';
import { checkCapture, type IpnOrder, type ReportedCapture } from '../../domain/paypal.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';

/** What a capture is checked against: the order's id and price. */
export type OrderToSettle = IpnOrder;

/** What settling a capture did, for the capture answer and for the webhook's record. */
export type Settled =
  | { outcome: 'paid'; applied: boolean }
  | { outcome: 'pending' }
  | { outcome: 'review'; reason: string };

/**
 * Settles a Checkout capture as PayPal reported it (the capture answer, a webhook, reconciliation)
 * through the same rules as IPN (our payee, the exact price, USD), in one short transaction: applied
 * once (PaymentVerified only for the first report of a capture id, the primary key of payment_capture),
 * a mismatch flagged once, never Paid.
 */
@Injectable()
export class SettleCapture {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly accounts: PaymentAccounts,
    private readonly queryBus: QueryBus,
  ) {}

  /** A PayPal order as PayPal reports it: its first purchase unit's capture. */
  async settleOrder(
    orderId: string,
    paypalOrder: PaypalApiOrder,
    source: CaptureSource,
  ): Promise<Settled> {
    const unit = paypalOrder.purchaseUnits?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture?.id) {
      return { outcome: 'review', reason: 'PayPal reported the order without a capture' };
    }
    const order = await this.orderToSettle(orderId);
    return this.em.fork().transactional((tx) =>
      this.settle(
        tx,
        order,
        {
          captureId: capture.id!,
          status: capture.status ?? '',
          amount: capture.amount?.value ?? '',
          currency: capture.amount?.currencyCode ?? '',
          payee: unit?.payee?.emailAddress ?? null,
        },
        source,
        null,
      ),
    );
  }

  /**
   * The order a capture is checked against, read before the settling transaction opens (a lookup
   * inside it would want a second pool connection while holding one).
   */
  async orderToSettle(orderId: string): Promise<OrderToSettle | null> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    return order && { id: order._id, packagePrice: order.packagePrice };
  }

  /** Settles within `tx` (a notification's apply transaction, or one of settleOrder's). */
  async settle(
    tx: EntityManager,
    order: OrderToSettle | null,
    capture: ReportedCapture,
    source: CaptureSource,
    notificationId: string | null,
  ): Promise<Settled> {
    if (!order) return { outcome: 'review', reason: 'the capture names no order of ours' };
    const orderId = order.id;
    const paypalOrder = await tx.findOne(
      PaypalOrder,
      { orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const receiver = await this.accounts.receivingEmail(tx);
    const check = checkCapture(
      capture,
      { id: orderId, packagePrice: order.packagePrice },
      receiver,
    );
    const now = new Date();
    const events: DomainEvent[] = [];
    let settled: Settled;
    switch (check.outcome) {
      case 'apply': {
        // Insert-if-absent in one statement: the capture id's primary key decides who applies it.
        const { affectedRows } = await tx
          .createQueryBuilder(PaymentCapture)
          .insert({
            captureId: check.captureId,
            orderId,
            amount: check.amount,
            source,
            appliedAt: now,
          })
          .onConflict()
          .ignore()
          .execute('run');
        paypalOrder?.complete(check.captureId, now);
        const applied = affectedRows > 0;
        if (applied) {
          events.push(
            new PaymentVerified({
              orderId,
              notificationId,
              txnId: check.captureId,
              amount: check.amount,
              channel: 'checkout',
            }),
          );
        }
        settled = { outcome: 'paid', applied };
        break;
      }
      case 'pending':
        paypalOrder?.pend(capture.captureId, now);
        settled = { outcome: 'pending' };
        break;
      case 'mismatch':
        if (paypalOrder?.flagForReview(capture.captureId, check.reason, now)) {
          events.push(new PaymentRejected({ orderId, notificationId, reason: check.reason }));
        }
        settled = { outcome: 'review', reason: check.reason };
        break;
    }
    await this.outbox.commit(tx, events);
    return settled;
  }
}
