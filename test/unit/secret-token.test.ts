import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { verifyEmailSchema } from '../../src/contracts/identity.js';
import { subscriberTokenSchema } from '../../src/contracts/newsletter.js';
import { hashSecretToken, newSecretToken } from '../../src/platform/crypto/secret-token.js';

describe('the secret token helper', () => {
  it('makes URL-safe 256-bit tokens, a new one every time', () => {
    const tokens = Array.from({ length: 200 }, () => newSecretToken().token);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url').length).toBe(32);
      expect(encodeURIComponent(token)).toBe(token);
    }
  });

  it('gives the SHA-256 of the token for storage, never the token itself', () => {
    const { token, hash } = newSecretToken();
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });

  it('finds a presented token by the same hash, and a different token by another', () => {
    const { token, hash } = newSecretToken();
    expect(hashSecretToken(token)).toBe(hash);
    expect(hashSecretToken(`${token}.`)).not.toBe(hash);
    expect(hashSecretToken(token.slice(1))).not.toBe(hash);
  });

  it('makes tokens that the account and newsletter links accept', () => {
    const { token } = newSecretToken();
    expect(verifyEmailSchema.safeParse({ token }).success).toBe(true);
    expect(subscriberTokenSchema.safeParse({ token }).success).toBe(true);
  });
});
