import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClientInfo, SessionStore } from '../sessions/session-store.js';
import { issueAccountToken } from './account-tokens.js';

/** A first factor that checked out: a session, or (two-factor sign-in on) a challenge for the code. */
export type SignInStep = { session: string } | { twoFactorChallenge: string };

/**
 * Signs an account in after its password (or Google) checked out, inside the caller's unit of work.
 * With two-factor sign-in on, no session yet: a short-lived single-use challenge, which the code
 * (POST /api/auth/login/two-factor) turns into one.
 */
export function signInAfterFirstFactor(
  em: EntityManager,
  sessions: SessionStore,
  account: { id: string; email: string; totpEnabledAt?: Date | null },
  client: ClientInfo,
): SignInStep {
  if (account.totpEnabledAt) {
    return { twoFactorChallenge: issueAccountToken(em, account, 'two-factor-login') };
  }
  return { session: sessions.start(em, account.id, client) };
}
