import { EntityManager } from '@mikro-orm/postgresql';
import { UnauthorizedException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '../../../../contracts/identity.js';
import { Account } from '../../domain/account.entity.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { LoginThrottle } from '../../domain/login-throttle.js';
import {
  hashPassword,
  spendPasswordCheckTime,
  verifyPassword,
} from '../../domain/password-hasher.js';
import { SessionStore } from '../../sessions/session-store.js';
import { LogInCommand } from './log-in.command.js';

/**
 * Checks e-mail and password and starts a new session. Every failure gets the same 401 and takes as
 * long; failures are counted per e-mail and per IP, and a hash made with older parameters is replaced.
 */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ credentials, client }: LogInCommand): Promise<string> {
    const email = normalizeEmail(credentials.email);
    await this.throttle.assertLoginAllowed(email, client.ip);
    const em = this.em.fork();
    const account = await em.findOne(Account, { email });
    if (!account?.passwordHash) {
      await spendPasswordCheckTime(credentials.password);
      return this.fail(email, client.ip);
    }
    const check = await verifyPassword(credentials.password, account.passwordHash);
    if (!check.matches) return this.fail(email, client.ip);
    if (check.needsRehash) account.passwordHash = await hashPassword(credentials.password);
    const token = this.sessions.start(em, account.id, client);
    await em.flush();
    await this.throttle.clearAccount(email);
    return token;
  }

  private async fail(email: string, ip: string): Promise<never> {
    await this.throttle.recordLoginFailure(email, ip);
    throw new UnauthorizedException(AUTH_MESSAGES.loginFailed);
  }
}
