import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PaymentHold } from '../../../../contracts/orders.js';
import { OrderPaymentHoldsQuery } from '../../../orders/index.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';

/**
 * Orders' question about PayPal's side: an UnPaid order whose PayPal order is under review, or past
 * approval and not given up (pending at PayPal, or captured and being applied), cannot be paid again
 * now; the same rule as a new PayPal order's refusal (CreatePaypalOrderHandler).
 */
@QueryHandler(OrderPaymentHoldsQuery)
export class OrderPaymentHoldsHandler implements IQueryHandler<OrderPaymentHoldsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ orderIds }: OrderPaymentHoldsQuery): Promise<Map<string, PaymentHold>> {
    const holds = new Map<string, PaymentHold>();
    if (orderIds.length === 0) return holds;
    const records = await this.em
      .fork()
      .find(PaypalOrder, { orderId: { $in: [...orderIds] } }, { fields: ['orderId', 'status'] });
    for (const record of records) {
      if (record.status === 'REVIEW') holds.set(record.orderId, 'review');
      else if (!record.isOpen() && record.status !== 'ABANDONED') {
        holds.set(record.orderId, 'pending');
      }
    }
    return holds;
  }
}
