import { Command } from '@nestjs/cqrs';
import type { PaypalSubscriptionCreated } from '../../../../contracts/subscriptions.js';

/** The customer pressed PayPal's subscribe button on their unpaid monthly order. */
export class CreatePaypalSubscriptionCommand extends Command<PaypalSubscriptionCreated> {
  constructor(
    readonly orderId: string,
    readonly customerEmail: string,
  ) {
    super();
  }
}
