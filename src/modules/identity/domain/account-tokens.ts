import { EntityManager } from '@mikro-orm/postgresql';
import { AccountToken, type AccountTokenPurpose } from './account-token.entity.js';
import { hashSecretToken, newSecretToken } from '../../../platform/crypto/secret-token.js';

/** How long an e-mailed link works. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'password-reset': 3600_000,
  'email-verification': 7 * 24 * 3600_000,
  invitation: 72 * 3600_000,
  'two-factor-login': 10 * 60_000,
};

/** Stores a new single-use token (as its hash) for an account and returns the token for the link. */
export function issueAccountToken(
  em: EntityManager,
  account: { id: string; email: string },
  purpose: AccountTokenPurpose,
): string {
  const { token, hash } = newSecretToken();
  const now = new Date();
  em.create(AccountToken, {
    id: hash,
    account: account.id,
    purpose,
    email: account.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    usedAt: null,
    revokedAt: null,
  });
  return token;
}

export interface ConsumedToken {
  accountId: string;
  email: string;
}

/**
 * Marks a token used, atomically: of two concurrent uses exactly one succeeds. Unknown, used, expired
 * and wrong-purpose tokens all return null. Call inside the transaction that acts on it.
 */
export async function consumeAccountToken(
  em: EntityManager,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<ConsumedToken | null> {
  const [row] = await em.getConnection().execute<{ account_id: string; email: string }[]>(
    `update account_token set used_at = now()
      where id = ? and purpose = ? and used_at is null and revoked_at is null and expires_at > now()
      returning account_id, email`,
    [hashSecretToken(token), purpose],
    'all',
    em.getTransactionContext(),
  );
  return row ? { accountId: row.account_id, email: row.email } : null;
}
