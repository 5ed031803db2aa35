import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GoogleSignInError } from '../../../contracts/identity.js';
import { Account } from '../domain/account.entity.js';
import { normalizeEmail } from '../domain/email-address.js';
import { signInAfterFirstFactor, type SignInStep } from '../domain/sign-in.js';
import { SessionStore } from '../sessions/session-store.js';
import { SignInWithGoogleCommand } from './sign-in-with-google.command.js';

export class GoogleSignInRefused extends Error {
  constructor(readonly code: GoogleSignInError) {
    super(code);
  }
}

/**
 * Signs in the account linked to Google's `sub`. Without one, links the account with the same e-mail,
 * but only when Google says the e-mail is verified; with no such account, creates one.
 */
@CommandHandler(SignInWithGoogleCommand)
export class SignInWithGoogleHandler implements ICommandHandler<SignInWithGoogleCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ identity, client }: SignInWithGoogleCommand): Promise<SignInStep> {
    const em = this.em.fork();
    let account = await em.findOne(Account, { googleSub: identity.sub });
    if (!account) {
      if (!identity.email || !identity.emailVerified)
        throw new GoogleSignInRefused('email-unverified');
      const email = normalizeEmail(identity.email);
      account = await em.findOne(Account, { email });
      if (account?.googleSub) throw new GoogleSignInRefused('failed');
      account ??= em.create(Account, {
        id: randomUUID(),
        email,
        passwordHash: null,
        emailVerifiedAt: null,
        googleSub: null,
        totpSecret: null,
        totpEnabledAt: null,
      });
      account.googleSub = identity.sub;
      account.emailVerifiedAt ??= new Date();
    }
    const step = signInAfterFirstFactor(em, this.sessions, account, client);
    await em.flush();
    return step;
  }
}
