import { createHash, randomBytes } from 'node:crypto';

/** 256 bits: guessing a live token is hopeless however many there are. */
const TOKEN_BYTES = 32;

/** A token for a cookie or an e-mailed link, and what is stored in its place. */
export interface SecretToken {
  /** URL-safe (base64url), handed to its holder once and never stored. */
  token: string;
  /** The row's key: a leaked table row cannot be replayed. */
  hash: string;
}

/** A new random token and its hash. */
export function newSecretToken(): SecretToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

/**
 * The stored form of a token (SHA-256, hex): a presented token is looked up by this hash, so the
 * database compares hashes and no secret is ever compared byte by byte in our code.
 */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
