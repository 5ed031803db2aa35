import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { PaymentRefunded } from '../../domain/payments.events.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { UnappliedPayment } from '../../domain/unapplied-payment.entity.js';
import { callPaypal } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';

/**
 * Refunds at PayPal and their record, whoever reports them (the refund answer or a webhook): the order
 * becomes Refunded once, and only for the order's own capture; an unapplied payment is refunded once.
 */
@Injectable()
export class PaypalRefunds {
  constructor(
    private readonly rest: PaypalRest,
    private readonly outbox: TransactionalOutbox,
  ) {}

  /** Asks PayPal for a full refund of a capture (no transaction is open meanwhile). */
  async refundAtPaypal(
    captureId: string,
    noteToPayer: string,
  ): Promise<{ id: string; status: string }> {
    const refunded = await callPaypal(async () =>
      (await this.rest.api()).payments.refundCapturedPayment({
        captureId,
        paypalRequestId: `seo-refund-${captureId}`,
        prefer: 'return=representation',
        body: { noteToPayer },
      }),
    );
    return { id: refunded.result.id ?? '', status: refunded.result.status ?? '' };
  }

  /** A refund of the order's capture: PaymentRefunded the first time PayPal reports it COMPLETED. */
  async recordRefund(
    tx: EntityManager,
    orderId: string,
    captureId: string,
    refundId: string,
    status: string,
  ): Promise<void> {
    const record = await tx.findOne(
      PaypalOrder,
      { orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const refunded = record?.recordRefund(captureId, refundId, status, new Date()) ?? false;
    await this.outbox.commit(
      tx,
      refunded ? [new PaymentRefunded({ orderId, captureId, refundId })] : [],
    );
  }

  /** A refund of an unapplied payment; false when `captureId` is none of them. */
  async recordUnappliedRefund(
    tx: EntityManager,
    captureId: string,
    refundId: string,
    status: string,
  ): Promise<boolean> {
    const payment = await tx.findOne(
      UnappliedPayment,
      { reference: captureId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!payment) return false;
    payment.recordRefund(refundId, status, new Date());
    await tx.flush();
    return true;
  }
}
