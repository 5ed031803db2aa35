import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type OrderPaypal, PAYMENT_TEXTS } from '../../../../contracts/payments.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { FindOrderQuery, isRefundable } from '../../../orders/index.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { GetOrderPaypalQuery } from '../../queries/order-paypal/order-paypal.query.js';
import { PaypalRefunds } from './paypal-refunds.js';
import { RefundPaymentCommand } from './refund-payment.command.js';

/**
 * A full refund of the order's capture (admins; Checkout payments only), as claim → call → apply: the
 * record turns REFUNDING in a short transaction (a second click gets a 409 and writes nothing), PayPal
 * is asked with no transaction open, and its answer is recorded with the audit entry in another.
 */
@CommandHandler(RefundPaymentCommand)
export class RefundPaymentHandler implements ICommandHandler<RefundPaymentCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly refunds: PaypalRefunds,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ orderId, actor }: RefundPaymentCommand): Promise<OrderPaypal> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (!isRefundable(order)) throw new ConflictException(PAYMENT_TEXTS.notRefundable);
    const captureId = await this.em.fork().transactional(async (tx) => {
      const record = await tx.findOne(
        PaypalOrder,
        { orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!record?.startRefund(new Date())) {
        throw new ConflictException(
          record?.status === 'REFUNDING'
            ? PAYMENT_TEXTS.refundUnderWay
            : PAYMENT_TEXTS.notRefundable,
        );
      }
      return record.captureId!;
    });
    let refunded: { id: string; status: string };
    try {
      refunded = await this.refunds.refundAtPaypal(
        captureId,
        `Refund of your ${order.packageName} SEO package`,
      );
    } catch (error) {
      await this.em.fork().transactional(async (tx) => {
        const record = await tx.findOne(PaypalOrder, { orderId });
        record?.cancelRefund(new Date());
      });
      throw error;
    }
    await this.em.fork().transactional(async (tx) => {
      await this.refunds.recordRefund(tx, orderId, captureId, refunded.id, refunded.status);
      recordAudit(tx, actor, {
        kind: 'payment.refunded',
        targetType: 'order',
        targetId: orderId,
        summary: `Refund of ${order.packageName} for ${order.customerEmail} (PayPal: ${refunded.status || 'unknown'})`,
        before: { paymentStatus: order.paymentStatus, paypalStatus: 'COMPLETED' },
        after: {
          paypalStatus: refunded.status === 'COMPLETED' ? 'REFUNDED' : 'REFUNDING',
          refundId: refunded.id,
        },
      });
    });
    return this.queryBus.execute(new GetOrderPaypalQuery(orderId));
  }
}
