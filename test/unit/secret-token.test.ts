import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { verifyEmailSchema } from '../../src/contracts/identity.js';
import { subscriberTokenSchema } from '../../src/contracts/newsletter.js';
import { hashSecretToken, newSecretToken } from '../../src/platform/crypto/secret-token.js';

describe('the secret token helper', () => {
  it('makes URL-safe 256-bit tokens, a new one every time', () => {
    const tokens = Array.from({ length: 200 }, () => newSecretToken().token);
    assert.equal(new Set(tokens).size, tokens.length);
    for (const token of tokens) {
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(token, 'base64url').length, 32);
      assert.equal(encodeURIComponent(token), token);
    }
  });

  it('gives the SHA-256 of the token for storage, never the token itself', () => {
    const { token, hash } = newSecretToken();
    assert.equal(hash, createHash('sha256').update(token).digest('hex'));
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.ok(!hash.includes(token));
  });

  it('finds a presented token by the same hash, and a different token by another', () => {
    const { token, hash } = newSecretToken();
    assert.equal(hashSecretToken(token), hash);
    assert.notEqual(hashSecretToken(`${token}.`), hash);
    assert.notEqual(hashSecretToken(token.slice(1)), hash);
  });

  it('makes tokens that the account and newsletter links accept', () => {
    const { token } = newSecretToken();
    assert.ok(verifyEmailSchema.safeParse({ token }).success);
    assert.ok(subscriberTokenSchema.safeParse({ token }).success);
  });
});
