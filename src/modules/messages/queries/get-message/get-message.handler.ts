import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Message as MessageView } from '../../../../contracts/messages.js';
import { isUuid } from '../../../../contracts/ids.js';
import { Message } from '../../domain/message.entity.js';
import { messageNotFound } from '../../domain/message-errors.js';
import { toMessageView } from '../../domain/message.mapper.js';
import { GetMessageQuery } from './get-message.query.js';

@QueryHandler(GetMessageQuery)
export class GetMessageHandler implements IQueryHandler<GetMessageQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ messageId }: GetMessageQuery): Promise<MessageView> {
    // Not a UUID names no message: a 404 rather than PostgreSQL's cast error.
    if (!isUuid(messageId)) throw messageNotFound();
    const message = await this.em.fork().findOne(Message, { id: messageId });
    if (!message) throw messageNotFound();
    return toMessageView(message);
  }
}
