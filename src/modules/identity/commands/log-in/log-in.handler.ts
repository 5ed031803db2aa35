import { EntityManager } from '@mikro-orm/postgresql';
import { UnauthorizedException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '../../../../contracts/identity.js';
import { Account } from '../../domain/account.entity.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { LoginGuessingAlarm } from '../../domain/login-guessing-alarm.js';
import { LoginThrottle, type PasswordAttempt } from '../../domain/login-throttle.js';
import {
  hashPassword,
  spendPasswordCheckTime,
  verifyPassword,
} from '../../domain/password-hasher.js';
import { signInAfterFirstFactor, type SignInStep } from '../../domain/sign-in.js';
import { SessionStore } from '../../sessions/session-store.js';
import { LogInCommand } from './log-in.command.js';

/**
 * Checks e-mail and password and starts a new session. Every failure gets the same 401 and takes as
 * long, known e-mail or not; the throttle counts it (and may have the owner told), and a hash made
 * with older parameters is replaced.
 */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    private readonly alarm: LoginGuessingAlarm,
  ) {}

  async execute({ credentials, client }: LogInCommand): Promise<SignInStep> {
    const email = normalizeEmail(credentials.email);
    const attempt = await this.throttle.begin(email, client.ip, 'login');
    const em = this.em.fork();
    const account = await em.findOne(Account, { email });
    if (!account?.passwordHash) {
      await spendPasswordCheckTime(credentials.password);
      return this.fail(attempt, account);
    }
    const check = await verifyPassword(credentials.password, account.passwordHash);
    if (!check.matches) return this.fail(attempt, account);
    if (check.needsRehash) account.passwordHash = await hashPassword(credentials.password);
    const step = signInAfterFirstFactor(em, this.sessions, account, client);
    await em.flush();
    await this.throttle.recordSuccess(attempt);
    return step;
  }

  private async fail(attempt: PasswordAttempt, account: Account | null): Promise<never> {
    const guessed = await this.throttle.recordFailure(attempt);
    if (guessed && account) this.alarm.raise(account);
    throw new UnauthorizedException(AUTH_MESSAGES.loginFailed);
  }
}
