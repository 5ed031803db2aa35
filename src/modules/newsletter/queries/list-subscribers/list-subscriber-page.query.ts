import { Query } from '@nestjs/cqrs';
import type { SubscriberPage, SubscriberStatus } from '../../../../contracts/newsletter.js';

/** One page of the subscribers, newest first, of one status or all. */
export class ListSubscriberPageQuery extends Query<SubscriberPage> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
    readonly status?: SubscriberStatus,
  ) {
    super();
  }
}
