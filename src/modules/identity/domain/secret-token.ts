import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token (256 bits, base64url) for a cookie or an e-mailed link. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored in place of a token: a leaked table row cannot be replayed. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
