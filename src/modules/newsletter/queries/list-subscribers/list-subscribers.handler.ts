import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type {
  SubscriberPage,
  Subscriber as SubscriberView,
} from '../../../../contracts/newsletter.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { ListSubscribersQuery } from './list-subscribers.query.js';
import { ListSubscriberPageQuery } from './list-subscriber-page.query.js';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

/** Every address that signed up, whatever its status, newest first (as the old admin read them). */
@QueryHandler(ListSubscribersQuery)
export class ListSubscribersHandler implements IQueryHandler<ListSubscribersQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<SubscriberView[]> {
    const subscribers = await this.em.fork().find(Subscriber, {}, { orderBy: NEWEST_FIRST });
    return subscribers.map(toSubscriberView);
  }
}

/** Paging, the status filter and the order run in PostgreSQL, on the (status, created_at, id) indexes. */
@QueryHandler(ListSubscriberPageQuery)
export class ListSubscriberPageHandler implements IQueryHandler<ListSubscriberPageQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ page, pageSize, status }: ListSubscriberPageQuery): Promise<SubscriberPage> {
    const [subscribers, total] = await this.em
      .fork()
      .findAndCount(Subscriber, status ? { status } : {}, {
        orderBy: NEWEST_FIRST,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
    return { items: subscribers.map(toSubscriberView), total, page, pageSize };
  }
}

export function toSubscriberView(subscriber: Subscriber): SubscriberView {
  return {
    _id: subscriber.id,
    subemail: subscriber.email,
    status: subscriber.status,
    createdAt: subscriber.createdAt.toISOString(),
    confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
    blockedReason: subscriber.blockedReason ?? null,
    blockedAt: subscriber.blockedAt?.toISOString() ?? null,
  };
}
