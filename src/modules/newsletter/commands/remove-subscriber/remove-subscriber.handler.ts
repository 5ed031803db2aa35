import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NEWSLETTER_MESSAGES } from '../../../../contracts/newsletter.js';
import { RemoveSubscriberCommand } from './remove-subscriber.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

/**
 * Deletes the address; its confirmation and unsubscribe tokens go with it (ON DELETE CASCADE), so the
 * links already mailed stop working. Signing up again later starts the double opt-in afresh.
 */
@CommandHandler(RemoveSubscriberCommand)
export class RemoveSubscriberHandler implements ICommandHandler<RemoveSubscriberCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ id, actor }: RemoveSubscriberCommand): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const [removed] = await tx.execute<{ email: string; status: string }[]>(
        `delete from "subscriber" where "id" = ? returning "email", "status"`,
        [id],
      );
      if (!removed) throw new NotFoundException(NEWSLETTER_MESSAGES.notFound);
      recordAudit(tx, actor, {
        kind: 'subscriber.removed',
        targetType: 'subscriber',
        targetId: id,
        summary: `${removed.email} removed from the newsletter`,
        before: removed,
      });
    });
  }
}
