import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NEWSLETTER_MESSAGES } from '../../../../contracts/newsletter.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { RemoveSubscriberCommand } from './remove-subscriber.command.js';

/**
 * Deletes the address; its confirmation and unsubscribe tokens go with it (ON DELETE CASCADE), so the
 * links already mailed stop working. Signing up again later starts the double opt-in afresh.
 */
@CommandHandler(RemoveSubscriberCommand)
export class RemoveSubscriberHandler implements ICommandHandler<RemoveSubscriberCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ id }: RemoveSubscriberCommand): Promise<void> {
    const deleted = await this.em.fork().nativeDelete(Subscriber, { id });
    if (deleted === 0) throw new NotFoundException(NEWSLETTER_MESSAGES.notFound);
  }
}
