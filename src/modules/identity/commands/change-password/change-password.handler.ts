import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '../../../../contracts/identity.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Account } from '../../domain/account.entity.js';
import { PasswordChanged } from '../../domain/identity.events.js';
import { LoginGuessingAlarm } from '../../domain/login-guessing-alarm.js';
import { LoginThrottle } from '../../domain/login-throttle.js';
import { hashPassword, verifyPassword } from '../../domain/password-hasher.js';
import { assertPasswordAllowed } from '../../domain/password-policy.js';
import { SessionStore } from '../../sessions/session-store.js';
import { ChangePasswordCommand } from './change-password.command.js';

/**
 * Changes (or, for a Google-only account, sets) the password. The current one must be given when there
 * is one; it is throttled like a log-in (a session is not a licence to guess), and checked only while
 * this client may try, so a throttled client learns nothing from a right answer. Every other session
 * of the account ends and the owner is told.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    private readonly alarm: LoginGuessingAlarm,
  ) {}

  async execute({ auth, input, clientIp }: ChangePasswordCommand): Promise<void> {
    assertPasswordAllowed(input.newPassword, 'newPassword');
    const attempt = await this.throttle.begin(auth.account.email, clientIp, 'change-password');
    const changed = await this.em.fork().transactional(async (em) => {
      const account = await em.findOneOrFail(Account, auth.account.id);
      if (account.passwordHash) {
        const check = input.currentPassword
          ? await verifyPassword(input.currentPassword, account.passwordHash)
          : { matches: false };
        if (!check.matches) return false;
      }
      account.passwordHash = await hashPassword(input.newPassword);
      await this.sessions.endAllOf(em, account.id, auth.sessionId);
      await this.outbox.commit(em, [
        new PasswordChanged({ accountId: account.id, email: account.email }),
      ]);
      return true;
    });
    if (!changed) {
      if (await this.throttle.recordFailure(attempt)) this.alarm.raise(auth.account);
      throw new ValidationFailedException({ currentPassword: AUTH_MESSAGES.wrongCurrentPassword });
    }
    await this.throttle.passwordChanged(auth.account.email);
  }
}
