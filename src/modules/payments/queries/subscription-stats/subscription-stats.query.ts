import { Query } from '@nestjs/cqrs';
import type { SubscriptionStats } from '../../../../contracts/subscriptions.js';

/** The retainer figures of the admin home for `from`..`to` (UTC days, both included). */
export class SubscriptionStatsQuery extends Query<SubscriptionStats> {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super();
  }
}
