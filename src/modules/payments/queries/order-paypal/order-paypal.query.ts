import { Query } from '@nestjs/cqrs';
import type { OrderPaypal } from '../../../../contracts/payments.js';

/** An order's PayPal Checkout record (PayPal order, capture, refund), for the admins. */
export class GetOrderPaypalQuery extends Query<OrderPaypal> {
  constructor(readonly orderId: string) {
    super();
  }
}
