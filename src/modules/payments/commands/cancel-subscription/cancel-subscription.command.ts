import { Command } from '@nestjs/cqrs';
import type { Subscription } from '../../../../contracts/subscriptions.js';

/** The customer cancels their subscription: no further charges; the service runs to the paid end. */
export class CancelSubscriptionCommand extends Command<Subscription> {
  constructor(
    readonly subscriptionId: string,
    readonly customerEmail: string,
  ) {
    super();
  }
}
