import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Subscriber as SubscriberView } from '../../../../contracts/newsletter.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { ListSubscribersQuery } from './list-subscribers.query.js';

/** Every address that signed up, whatever its status, newest first (as the old admin read them). */
@QueryHandler(ListSubscribersQuery)
export class ListSubscribersHandler implements IQueryHandler<ListSubscribersQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<SubscriberView[]> {
    const subscribers = await this.em
      .fork()
      .find(Subscriber, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return subscribers.map(toSubscriberView);
  }
}

export function toSubscriberView(subscriber: Subscriber): SubscriberView {
  return {
    _id: subscriber.id,
    subemail: subscriber.email,
    status: subscriber.status,
    createdAt: subscriber.createdAt.toISOString(),
    confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
  };
}
