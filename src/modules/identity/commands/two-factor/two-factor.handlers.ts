import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, UnauthorizedException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type RecoveryCodes,
  STAFF_AUTH_MESSAGES,
  type TwoFactorSetup,
} from '../../../../contracts/identity.js';
import { auditActorOf } from '../../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { hashSecretToken } from '../../../../platform/crypto/secret-token.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { Account } from '../../domain/account.entity.js';
import { consumeAccountToken } from '../../domain/account-tokens.js';
import { LoginThrottle, type PasswordAttempt } from '../../domain/login-throttle.js';
import { newTotpSecret, otpauthUri } from '../../domain/totp.js';
import { TotpSecretBox } from '../../domain/totp-secret-box.js';
import {
  deleteRecoveryCodes,
  issueRecoveryCodes,
  useSecondFactor,
} from '../../domain/two-factor.js';
import { SessionStore } from '../../sessions/session-store.js';
import {
  CompleteTwoFactorLoginCommand,
  ConfirmTwoFactorCommand,
  DisableTwoFactorCommand,
  SetUpTwoFactorCommand,
} from './two-factor.commands.js';

const wrongCode = () => new ValidationFailedException({ code: STAFF_AUTH_MESSAGES.wrongCode });

/**
 * Runs a code check under the login throttle (429 while this client must wait): a wrong code counts
 * like a wrong password, a right one forgives this client's failures.
 */
async function throttled<T>(
  throttle: LoginThrottle,
  email: string,
  ip: string,
  check: () => Promise<T | null>,
  onFailure: (attempt: PasswordAttempt) => Promise<never>,
): Promise<T> {
  const attempt = await throttle.begin(email, ip, 'two-factor');
  const result = await check();
  if (result === null) return onFailure(attempt);
  await throttle.recordSuccess(attempt);
  return result;
}

@CommandHandler(SetUpTwoFactorCommand)
export class SetUpTwoFactorHandler implements ICommandHandler<SetUpTwoFactorCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: TotpSecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ auth }: SetUpTwoFactorCommand): Promise<TwoFactorSetup> {
    const em = this.em.fork();
    const account = await em.findOneOrFail(Account, auth.account.id);
    if (account.totpEnabledAt) throw new ConflictException(STAFF_AUTH_MESSAGES.twoFactorAlreadyOn);
    const secret = newTotpSecret();
    account.totpSecret = this.secrets.seal(account.id, secret);
    await em.flush();
    const issuer = new URL(this.config.PUBLIC_URL).host;
    return { secret, otpauthUri: otpauthUri(secret, account.email, issuer) };
  }
}

@CommandHandler(ConfirmTwoFactorCommand)
export class ConfirmTwoFactorHandler implements ICommandHandler<ConfirmTwoFactorCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: TotpSecretBox,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ auth, code, ip }: ConfirmTwoFactorCommand): Promise<RecoveryCodes> {
    const check = () =>
      this.em.fork().transactional(async (em) => {
        const account = await em.findOneOrFail(Account, auth.account.id);
        if (account.totpEnabledAt) {
          throw new ConflictException(STAFF_AUTH_MESSAGES.twoFactorAlreadyOn);
        }
        if (!account.totpSecret)
          throw new ConflictException(STAFF_AUTH_MESSAGES.twoFactorNotStarted);
        const matched = await useSecondFactor(em, this.secrets, account.id, code, {
          pending: true,
          allowRecoveryCode: false,
        });
        if (!matched) return null;
        account.totpEnabledAt = new Date();
        const recoveryCodes = await issueRecoveryCodes(em, account.id);
        recordAudit(em, auditActorOf(auth, ip), {
          kind: 'account.two-factor-enabled',
          targetType: 'account',
          targetId: account.id,
          summary: `${account.email} turned on two-factor sign-in`,
        });
        await em.flush();
        return { recoveryCodes };
      });
    return throttled(this.throttle, auth.account.email, ip, check, async (attempt) => {
      await this.throttle.recordFailure(attempt);
      throw wrongCode();
    });
  }
}

@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler implements ICommandHandler<DisableTwoFactorCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: TotpSecretBox,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ auth, code, ip }: DisableTwoFactorCommand): Promise<void> {
    const check = () =>
      this.em.fork().transactional(async (em) => {
        const account = await em.findOneOrFail(Account, auth.account.id);
        if (!account.totpEnabledAt) return true;
        if (
          !(await useSecondFactor(em, this.secrets, account.id, code, {
            allowRecoveryCode: true,
          }))
        ) {
          return null;
        }
        account.totpSecret = null;
        account.totpEnabledAt = null;
        await deleteRecoveryCodes(em, account.id);
        recordAudit(em, auditActorOf(auth, ip), {
          kind: 'account.two-factor-disabled',
          targetType: 'account',
          targetId: account.id,
          summary: `${account.email} turned off two-factor sign-in`,
        });
        await em.flush();
        return true;
      });
    await throttled(this.throttle, auth.account.email, ip, check, async (attempt) => {
      await this.throttle.recordFailure(attempt);
      throw wrongCode();
    });
  }
}

/**
 * Turns a sign-in's challenge and a right code (or an unused recovery code) into a session. The
 * challenge stays usable after a wrong code, until it expires (10 minutes) or the throttle stops
 * this client; a right code uses it up.
 */
@CommandHandler(CompleteTwoFactorLoginCommand)
export class CompleteTwoFactorLoginHandler implements ICommandHandler<CompleteTwoFactorLoginCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: TotpSecretBox,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ input, client }: CompleteTwoFactorLoginCommand): Promise<string> {
    const [pending] = await this.em
      .getConnection()
      .execute<{ account_id: string; email: string }[]>(
        `select account_id, email from account_token
        where id = ? and purpose = 'two-factor-login' and used_at is null and expires_at > now()`,
        [hashSecretToken(input.challenge)],
      );
    if (!pending) throw new UnauthorizedException(STAFF_AUTH_MESSAGES.signInExpired);
    const check = () =>
      this.em.fork().transactional(async (em) => {
        const matched = await useSecondFactor(em, this.secrets, pending.account_id, input.code, {
          allowRecoveryCode: true,
        });
        if (!matched) return null;
        if (!(await consumeAccountToken(em, input.challenge, 'two-factor-login'))) {
          throw new UnauthorizedException(STAFF_AUTH_MESSAGES.signInExpired);
        }
        const token = this.sessions.start(em, pending.account_id, client);
        await em.flush();
        return token;
      });
    return throttled(this.throttle, pending.email, client.ip, check, async (attempt) => {
      await this.throttle.recordFailure(attempt);
      throw new UnauthorizedException(STAFF_AUTH_MESSAGES.wrongCode);
    });
  }
}
