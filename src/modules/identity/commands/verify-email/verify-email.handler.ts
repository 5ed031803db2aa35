import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '../../../../contracts/identity.js';
import { Account } from '../../domain/account.entity.js';
import { consumeAccountToken } from '../../domain/account-tokens.js';
import { VerifyEmailCommand } from './verify-email.command.js';

/** Marks the e-mail verified from a verification link (once; for the address the link was sent to). */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ token }: VerifyEmailCommand): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const consumed = await consumeAccountToken(em, token, 'email-verification');
      if (!consumed) throw new BadRequestException(AUTH_MESSAGES.invalidLink);
      const account = await em.findOneOrFail(Account, consumed.accountId);
      if (account.email !== consumed.email)
        throw new BadRequestException(AUTH_MESSAGES.invalidLink);
      account.emailVerifiedAt ??= new Date();
    });
  }
}
