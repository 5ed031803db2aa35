import { randomUUID } from 'node:crypto';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Account } from '../../domain/account.entity.js';
import { assertPasswordAllowed } from '../../domain/password-policy.js';
import { normalizeEmail } from '../../domain/email-address.js';
import {
  AccountRegistered,
  RegistrationAttemptedForExistingAccount,
} from '../../domain/identity.events.js';
import { LoginThrottle } from '../../domain/login-throttle.js';
import { hashPassword } from '../../domain/password-hasher.js';
import { RegisterAccountCommand } from './register-account.command.js';

/**
 * Creates an unverified account and has a verification link sent. For an e-mail that already has an
 * account nothing changes and its owner is told instead (a few times per window at most, so that
 * registering their address from many IPs cannot flood them): the caller cannot tell the two apart.
 * An account with no way to sign in yet (a staff member's pending invitation) is registered like a new
 * one: it gets the password and the verification link, and no rights until the address is proven.
 */
@CommandHandler(RegisterAccountCommand)
export class RegisterAccountHandler implements ICommandHandler<RegisterAccountCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ registration }: RegisterAccountCommand): Promise<void> {
    assertPasswordAllowed(registration.password, 'password');
    const email = normalizeEmail(registration.email);
    // Where the visitor was going: the e-mailed link carries it on.
    const next = registration.next === undefined ? {} : { next: registration.next };
    // Hashed either way, so both answers take as long.
    const passwordHash = await hashPassword(registration.password);
    const em = this.em.fork();
    const existing = await em.findOne(Account, { email });
    if (existing && !existing.passwordHash && !existing.googleSub && !existing.emailVerifiedAt) {
      existing.passwordHash = passwordHash;
      await this.outbox.commit(em, [
        new AccountRegistered({ accountId: existing.id, email, ...next }),
      ]);
      return;
    }
    if (existing) {
      if (!(await this.throttle.consumeRegistrationNotice(email))) return;
      await this.outbox.commit(em, [
        new RegistrationAttemptedForExistingAccount({ accountId: existing.id, email, ...next }),
      ]);
      return;
    }
    const account = em.create(Account, {
      id: randomUUID(),
      email,
      passwordHash,
      emailVerifiedAt: null,
      googleSub: null,
      totpSecret: null,
      totpEnabledAt: null,
    });
    try {
      await this.outbox.commit(em, [
        new AccountRegistered({ accountId: account.id, email, ...next }),
      ]);
    } catch (error) {
      // Registered a moment ago by a concurrent request: answered like any existing account.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }
}
