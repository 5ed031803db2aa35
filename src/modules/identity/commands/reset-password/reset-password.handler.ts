import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '../../../../contracts/identity.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Account } from '../../domain/account.entity.js';
import { AccountToken } from '../../domain/account-token.entity.js';
import { consumeAccountToken } from '../../domain/account-tokens.js';
import { PasswordChanged } from '../../domain/identity.events.js';
import { LoginThrottle } from '../../domain/login-throttle.js';
import { hashPassword } from '../../domain/password-hasher.js';
import { assertPasswordAllowed } from '../../domain/password-policy.js';
import { SessionStore } from '../../sessions/session-store.js';
import { ResetPasswordCommand } from './reset-password.command.js';

/**
 * Sets a new password from a reset link: the link is used up, every session of the account ends, the
 * other reset links stop working and the owner is told. Following the link also proves the e-mail.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ input }: ResetPasswordCommand): Promise<void> {
    assertPasswordAllowed(input.password, 'password');
    const passwordHash = await hashPassword(input.password);
    const email = await this.em.fork().transactional(async (em) => {
      const consumed = await consumeAccountToken(em, input.token, 'password-reset');
      if (!consumed) throw new BadRequestException(AUTH_MESSAGES.invalidLink);
      const account = await em.findOneOrFail(Account, consumed.accountId);
      if (account.email !== consumed.email)
        throw new BadRequestException(AUTH_MESSAGES.invalidLink);
      account.passwordHash = passwordHash;
      account.emailVerifiedAt ??= new Date();
      await em.nativeUpdate(
        AccountToken,
        { account: account.id, purpose: 'password-reset', usedAt: null },
        { usedAt: new Date() },
      );
      await this.sessions.endAllOf(em, account.id);
      await this.outbox.commit(em, [
        new PasswordChanged({ accountId: account.id, email: account.email }),
      ]);
      return account.email;
    });
    await this.throttle.passwordChanged(email);
  }
}
