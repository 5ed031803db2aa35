import { Query } from '@nestjs/cqrs';
import type { Checkout } from '../../../../contracts/payments.js';

/** How the customer pays their unpaid order, through the configured payment adapter. */
export class GetCheckoutQuery extends Query<Checkout> {
  constructor(
    readonly orderId: string,
    readonly customerEmail: string,
  ) {
    super();
  }
}
