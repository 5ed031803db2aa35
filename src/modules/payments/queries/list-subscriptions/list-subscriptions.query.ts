import { Query } from '@nestjs/cqrs';
import type { Subscription } from '../../../../contracts/subscriptions.js';

/** The customer's own subscriptions, newest first, each with its charges. */
export class ListSubscriptionsQuery extends Query<Subscription[]> {
  constructor(readonly customerEmail: string) {
    super();
  }
}
