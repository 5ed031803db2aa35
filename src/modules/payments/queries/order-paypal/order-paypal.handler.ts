import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import type { OrderPaypal } from '../../../../contracts/payments.js';
import { FindOrderQuery, isRefundable } from '../../../orders/index.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { UnappliedPayment } from '../../domain/unapplied-payment.entity.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import { GetOrderPaypalQuery } from './order-paypal.query.js';

/** The order's PayPal Checkout record and the payments it did not need, for the admins. */
@QueryHandler(GetOrderPaypalQuery)
export class GetOrderPaypalHandler implements IQueryHandler<GetOrderPaypalQuery> {
  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ orderId }: GetOrderPaypalQuery): Promise<OrderPaypal> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    const em = this.em.fork();
    const record = await em.findOne(PaypalOrder, { orderId });
    const unapplied = await em.find(
      UnappliedPayment,
      { orderId },
      { orderBy: { receivedAt: 'asc', id: 'asc' } },
    );
    return {
      integration: this.rest.settings.integration,
      paypalOrderId: record?.paypalOrderId ?? null,
      status: record?.status ?? null,
      captureId: record?.captureId ?? null,
      refundId: record?.refundId ?? null,
      detail: record?.detail ?? null,
      refundable: isRefundable(order) && record?.status === 'COMPLETED',
      unappliedPayments: unapplied.map((payment) => ({
        _id: payment.id,
        channel: payment.channel,
        reference: payment.reference,
        amount: payment.amount,
        reason: payment.reason,
        status: payment.status,
        refundId: payment.refundId ?? null,
        detail: payment.detail ?? null,
        receivedAt: payment.receivedAt.toISOString(),
        refundable: payment.isRefundable(),
      })),
    };
  }
}
