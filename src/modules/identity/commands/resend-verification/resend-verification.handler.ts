import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { EmailVerificationRequested } from '../../domain/identity.events.js';
import { ResendVerificationCommand } from './resend-verification.command.js';

@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ account }: ResendVerificationCommand): Promise<boolean> {
    if (account.emailVerified) return false;
    await this.outbox.commit(this.em.fork(), [
      new EmailVerificationRequested({ accountId: account.id, email: account.email }),
    ]);
    return true;
  }
}
