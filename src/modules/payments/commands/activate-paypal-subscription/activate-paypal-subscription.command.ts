import { Command } from '@nestjs/cqrs';
import type { SubscriptionActivation } from '../../../../contracts/subscriptions.js';

/** The buyer approved a subscription at PayPal (the buttons' onApprove): the server asks PayPal. */
export class ActivatePaypalSubscriptionCommand extends Command<SubscriptionActivation> {
  constructor(
    readonly orderId: string,
    readonly customerEmail: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
