import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { formatMoney } from '../../../../contracts/orders.js';
import { type OrderPaypal, PAYMENT_TEXTS } from '../../../../contracts/payments.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { UnappliedPayment } from '../../domain/unapplied-payment.entity.js';
import { GetOrderPaypalQuery } from '../../queries/order-paypal/order-paypal.query.js';
import { PaypalRefunds } from '../refund-payment/paypal-refunds.js';
import { RefundUnappliedPaymentCommand } from './refund-unapplied-payment.command.js';

/**
 * A Checkout capture is refunded through PayPal's API, once (claim → call → apply, a second click gets
 * a 409). A Payments Standard transaction has no API here: the admin refunds it in PayPal, and PayPal's
 * IPN records it.
 */
@CommandHandler(RefundUnappliedPaymentCommand)
export class RefundUnappliedPaymentHandler implements ICommandHandler<RefundUnappliedPaymentCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly refunds: PaypalRefunds,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({
    orderId,
    paymentId,
    actor,
  }: RefundUnappliedPaymentCommand): Promise<OrderPaypal> {
    const payment = await this.em.fork().transactional(async (tx) => {
      const found = await tx.findOne(
        UnappliedPayment,
        { id: paymentId, orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!found) throw new NotFoundException(PAYMENT_TEXTS.noSuchPayment);
      if (found.channel !== 'checkout') {
        throw new ConflictException(PAYMENT_TEXTS.refundInPaypal(found.reference));
      }
      if (!found.startRefund(new Date())) {
        throw new ConflictException(
          found.status === 'refunded'
            ? PAYMENT_TEXTS.refundedAlready
            : PAYMENT_TEXTS.refundUnderWay,
        );
      }
      return found;
    });
    let refunded: { id: string; status: string };
    try {
      refunded = await this.refunds.refundAtPaypal(
        payment.reference,
        'Refund of a payment your order did not need',
      );
    } catch (error) {
      await this.em.fork().transactional(async (tx) => {
        (await tx.findOne(UnappliedPayment, { id: paymentId }))?.cancelRefund(new Date());
      });
      throw error;
    }
    await this.em.fork().transactional(async (tx) => {
      await this.refunds.recordUnappliedRefund(tx, payment.reference, refunded.id, refunded.status);
      recordAudit(tx, actor, {
        kind: 'payment.refunded',
        targetType: 'order',
        targetId: orderId,
        summary: `Refund of an unapplied payment of ${formatMoney(payment.amount)} (${payment.reference}) (PayPal: ${refunded.status || 'unknown'})`,
        before: { unappliedPayment: payment.reference, status: 'needs_attention' },
        after: {
          status: refunded.status === 'COMPLETED' ? 'refunded' : 'refunding',
          refundId: refunded.id,
        },
      });
    });
    return this.queryBus.execute(new GetOrderPaypalQuery(orderId));
  }
}
