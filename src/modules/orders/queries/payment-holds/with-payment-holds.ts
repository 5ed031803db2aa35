import type { QueryBus } from '@nestjs/cqrs';
import { type Order as OrderView } from '../../../../contracts/orders.js';
import { OrderPaymentHoldsQuery } from './payment-holds.query.js';

/**
 * The customer's views of their orders with PayPal's holds added: an UnPaid order whose payment PayPal
 * is completing or holds as pending, or which is under review, shows that state and no Pay Now.
 */
export async function withPaymentHolds(
  queryBus: QueryBus,
  orders: OrderView[],
): Promise<OrderView[]> {
  const unpaid = orders.filter((order) => order.paymentStatus === 'UnPaid' && !order.paymentHold);
  if (unpaid.length === 0) return orders;
  const holds = await queryBus.execute(
    new OrderPaymentHoldsQuery(unpaid.map((order) => order._id)),
  );
  return orders.map((order) => {
    const hold = order.paymentStatus === 'UnPaid' ? holds.get(order._id) : undefined;
    return hold && !order.paymentHold ? { ...order, paymentHold: hold } : order;
  });
}
