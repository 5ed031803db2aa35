import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MessagePage } from '../../../../contracts/messages.js';
import { containsPattern } from '../../../../platform/database/like-pattern.js';
import { Message } from '../../domain/message.entity.js';
import { toMessageView } from '../../domain/message.mapper.js';
import { ListMessagesQuery, type MessageFilter } from './list-messages.query.js';

function whereOf({ status, sender }: MessageFilter): FilterQuery<Message> {
  const where: FilterQuery<Message> = status ? { messageStatus: status } : {};
  if (!sender) return where;
  const pattern = containsPattern(sender);
  return { ...where, $or: [{ name: { $ilike: pattern } }, { email: { $ilike: pattern } }] };
}

/** Filtering, paging and sorting run in PostgreSQL; the id breaks ties between equal times. */
@QueryHandler(ListMessagesQuery)
export class ListMessagesHandler implements IQueryHandler<ListMessagesQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ filter, paging }: ListMessagesQuery): Promise<MessagePage> {
    const [messages, total] = await this.em.fork().findAndCount(Message, whereOf(filter), {
      orderBy: { createdAt: 'desc', id: 'desc' },
      ...(paging && { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize }),
    });
    const { page, pageSize } = paging ?? { page: 1, pageSize: total };
    return { items: messages.map(toMessageView), total, page, pageSize };
  }
}
