import { EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES, type ChangePassword } from '../../../../contracts/identity.js';
import type { AuthContext } from '../../../../platform/auth/access.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Account } from '../../domain/account.entity.js';
import { PasswordChanged } from '../../domain/identity.events.js';
import { hashPassword, verifyPassword } from '../../domain/password-hasher.js';
import { assertPasswordAllowed } from '../../domain/password-policy.js';
import { SessionStore } from '../../sessions/session-store.js';

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly input: ChangePassword,
  ) {
    super();
  }
}

/**
 * Changes (or, for a Google-only account, sets) the password. The current one must be given when there
 * is one; every other session of the account ends and the owner is told.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ auth, input }: ChangePasswordCommand): Promise<void> {
    assertPasswordAllowed(input.newPassword, 'newPassword');
    await this.em.fork().transactional(async (em) => {
      const account = await em.findOneOrFail(Account, auth.account.id);
      if (account.passwordHash) {
        const check = input.currentPassword
          ? await verifyPassword(input.currentPassword, account.passwordHash)
          : { matches: false };
        if (!check.matches) {
          throw new ValidationFailedException({
            currentPassword: AUTH_MESSAGES.wrongCurrentPassword,
          });
        }
      }
      account.passwordHash = await hashPassword(input.newPassword);
      await this.sessions.endAllOf(em, account.id, auth.sessionId);
      await this.outbox.commit(em, [
        new PasswordChanged({ accountId: account.id, email: account.email }),
      ]);
    });
  }
}
