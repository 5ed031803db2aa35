import { Query } from '@nestjs/cqrs';
import type { PaymentHold } from '../../../../contracts/orders.js';

/**
 * Which of these UnPaid orders have a PayPal payment pending or under review (by order id; the others
 * are absent). Asked by orders, answered by payments, which knows PayPal's side of each order.
 */
export class OrderPaymentHoldsQuery extends Query<Map<string, PaymentHold>> {
  constructor(readonly orderIds: readonly string[]) {
    super();
  }
}
