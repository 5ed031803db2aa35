import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UnreadMessages } from '../../../../contracts/order-thread.js';
import { unreadMessages } from '../../domain/thread-store.js';
import { UnreadOrderMessagesQuery } from './unread-messages.query.js';

@QueryHandler(UnreadOrderMessagesQuery)
export class UnreadOrderMessagesHandler implements IQueryHandler<UnreadOrderMessagesQuery> {
  constructor(private readonly em: EntityManager) {}

  execute({ viewer }: UnreadOrderMessagesQuery): Promise<UnreadMessages> {
    return unreadMessages(this.em.fork(), viewer);
  }
}
