import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Message as MessageView } from '../../../../contracts/messages.js';
import { isUuid } from '../../../../contracts/ids.js';
import { Message } from '../../domain/message.entity.js';
import { messageNotFound } from '../../domain/message-errors.js';
import { toMessageView } from '../../domain/message.mapper.js';
import { MarkMessageReadCommand } from './mark-message-read.command.js';

/**
 * One UPDATE, no read before it: concurrent 'Mark Read' clicks all end in Read and all answer the
 * message, and the status can only move towards Read.
 */
@CommandHandler(MarkMessageReadCommand)
export class MarkMessageReadHandler implements ICommandHandler<MarkMessageReadCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ messageId }: MarkMessageReadCommand): Promise<MessageView> {
    if (!isUuid(messageId)) throw messageNotFound();
    const em = this.em.fork();
    const [row] = await em.execute<Record<string, unknown>[]>(
      `update "message" set "message_status" = 'Read' where "id" = ? returning *`,
      [messageId],
    );
    if (!row) throw messageNotFound();
    return toMessageView(em.map(Message, row));
  }
}
