import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Message as MessageView } from '../../../../contracts/messages.js';
import { isUuid } from '../../../../contracts/ids.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { Message } from '../../domain/message.entity.js';
import { messageNotFound } from '../../domain/message-errors.js';
import { toMessageView } from '../../domain/message.mapper.js';
import { MarkMessageReadCommand } from './mark-message-read.command.js';

/**
 * One conditional UPDATE, no read before it: concurrent 'Mark Read' clicks all end in Read and all
 * answer the message, and the status can only move towards Read. Only the click that changed it is
 * recorded in the audit log (in the same transaction).
 */
@CommandHandler(MarkMessageReadCommand)
export class MarkMessageReadHandler implements ICommandHandler<MarkMessageReadCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ messageId, actor }: MarkMessageReadCommand): Promise<MessageView> {
    if (!isUuid(messageId)) throw messageNotFound();
    return this.em.fork().transactional(async (tx) => {
      const [changed] = await tx.execute<Record<string, unknown>[]>(
        `update "message" set "message_status" = 'Read'
          where "id" = ? and "message_status" = 'UnRead' returning *`,
        [messageId],
      );
      if (changed) {
        const message = tx.map(Message, changed);
        recordAudit(tx, actor, {
          kind: 'message.read',
          targetType: 'message',
          targetId: messageId,
          summary: `Message "${message.subject}" from ${message.email} marked read`,
          before: { messageStatus: 'UnRead' },
          after: { messageStatus: 'Read' },
        });
        return toMessageView(message);
      }
      const [row] = await tx.execute<Record<string, unknown>[]>(
        `select * from "message" where "id" = ?`,
        [messageId],
      );
      if (!row) throw messageNotFound();
      return toMessageView(tx.map(Message, row));
    });
  }
}
