import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderPaypal } from '../../../../contracts/payments.js';
import { PaypalCheckout } from '../../paypal/paypal-checkout.js';
import { GetOrderPaypalQuery } from './order-paypal.query.js';

@QueryHandler(GetOrderPaypalQuery)
export class GetOrderPaypalHandler implements IQueryHandler<GetOrderPaypalQuery> {
  constructor(private readonly checkout: PaypalCheckout) {}

  execute({ orderId }: GetOrderPaypalQuery): Promise<OrderPaypal> {
    return this.checkout.view(orderId);
  }
}
