import { EntityManager } from '@mikro-orm/postgresql';
import { hashSecretToken, newSecretToken } from '../../../platform/crypto/secret-token.js';
import { SubscriberToken, type SubscriberTokenPurpose } from './subscriber-token.entity.js';

const DAY_MS = 24 * 3600_000;

/**
 * How long an e-mailed link works. A confirmation link is single use for a week; an unsubscribe link
 * works as often as it is followed for a year (the law asks for at least 30 days after the mail).
 */
export const SUBSCRIBER_TOKEN_LIFETIME_MS: Record<SubscriberTokenPurpose, number> = {
  confirm: 7 * DAY_MS,
  unsubscribe: 365 * DAY_MS,
};

/** Stores a new token (as its hash) for a subscriber and returns the token for the link. */
export function issueSubscriberToken(
  em: EntityManager,
  subscriberId: string,
  purpose: SubscriberTokenPurpose,
): string {
  const { token, hash } = newSecretToken();
  const now = new Date();
  em.create(SubscriberToken, {
    id: hash,
    subscriber: subscriberId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SUBSCRIBER_TOKEN_LIFETIME_MS[purpose]),
    usedAt: null,
  });
  return token;
}

/**
 * Uses a link's token, atomically, and returns its subscriber's id; null for an unknown, expired or
 * wrong-purpose token. A confirmation token works once (of two concurrent uses exactly one succeeds);
 * an unsubscribe token keeps working, its first use recorded. Call inside the transaction that acts on it.
 */
export async function redeemSubscriberToken(
  em: EntityManager,
  token: string,
  purpose: SubscriberTokenPurpose,
): Promise<string | null> {
  const [row] = await em.getConnection().execute<{ subscriber_id: string }[]>(
    `update subscriber_token set used_at = coalesce(used_at, now())
      where id = ? and purpose = ? and expires_at > now()
        and (used_at is null or purpose = 'unsubscribe')
      returning subscriber_id`,
    [hashSecretToken(token), purpose],
    'all',
    em.getTransactionContext(),
  );
  return row?.subscriber_id ?? null;
}

/** Deletes a subscriber's expired tokens, so that the table does not grow with every mail sent. */
export async function deleteExpiredSubscriberTokens(
  em: EntityManager,
  subscriberId: string,
): Promise<void> {
  await em.nativeDelete(SubscriberToken, {
    subscriber: subscriberId,
    expiresAt: { $lt: new Date() },
  });
}
