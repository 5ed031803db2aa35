import { Command } from '@nestjs/cqrs';
import type { PaypalOrderCreated } from '../../../../contracts/payments.js';

/** The customer pressed PayPal's button on their unpaid order: PayPal needs an order to approve. */
export class CreatePaypalOrderCommand extends Command<PaypalOrderCreated> {
  constructor(
    readonly orderId: string,
    readonly customerEmail: string,
  ) {
    super();
  }
}
