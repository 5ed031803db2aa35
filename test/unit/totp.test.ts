import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from '../../src/modules/identity/domain/totp.js';
import { TotpSecretBox } from '../../src/modules/identity/domain/totp-secret-box.js';

/** RFC 6238 appendix B: the SHA-1 seed (base32 here) and its 8-digit codes at each time. */
const SEED = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)(
    'gives the 6-digit code an authenticator app shows: the RFC vector at T=%d',
    (seconds, code) => {
      // An app shows the last six digits of the RFC's 8-digit code.
      expect(totpCode(SEED, seconds * 1000)).toBe(code.slice(2));
    },
  );

  it('makes 160-bit base32 secrets, a new one each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the codes of the step before, now and after, and no others', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = totpStep(now);
    const codeAt = (offset: number) => totpCode(secret, now + offset * 30_000);
    expect(matchTotp(secret, codeAt(0), now, null)).toBe(step);
    expect(matchTotp(secret, codeAt(-1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(-2), now, null)).toBeNull();
    expect(matchTotp(secret, codeAt(2), now, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
    expect(matchTotp(secret, '1234567', now, null)).toBeNull();
  });

  it('refuses a code of a step already used, or earlier (replay)', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, step - 1)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
  });

  it('makes the otpauth URI apps read', () => {
    const uri = new URL(otpauthUri(SEED, 'ana@example.com', 'My Shop'));
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
      'otpauth://totp/My Shop:ana@example.com',
    );
    expect(Object.fromEntries(uri.searchParams)).toStrictEqual({
      secret: SEED,
      issuer: 'My Shop',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('TotpSecretBox: the secrets as stored', () => {
  const box = new TotpSecretBox({ TOTP_SECRET_KEY: randomBytes(32).toString('base64') });
  const account = '6f1f6f5e-3b1c-4a52-9a55-0d4e3f1c2b7a';

  it('seals a secret so that the stored text does not show it, and opens it again', () => {
    const secret = newTotpSecret();
    const stored = box.seal(account, secret);
    expect(stored).not.toContain(secret);
    expect(stored.length).toBeLessThanOrEqual(128);
    expect(box.seal(account, secret)).not.toBe(stored);
    expect(box.open(account, stored)).toStrictEqual({ secret, legacy: false });
  });

  it('opens nothing under another key, for another account, or altered', () => {
    const stored = box.seal(account, newTotpSecret());
    const otherKey = new TotpSecretBox({ TOTP_SECRET_KEY: randomBytes(32).toString('base64') });
    expect(otherKey.open(account, stored)).toBeNull();
    expect(box.open('0b5e1c1e-8c1f-4f0e-bb0e-6f8f1d2c3a4b', stored)).toBeNull();
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    bytes[20] = bytes[20]! ^ 1;
    expect(box.open(account, `v1.${bytes.toString('base64url')}`)).toBeNull();
    expect(box.open(account, 'v1.')).toBeNull();
  });

  it('reads a secret stored before sealing as it is, to be sealed again', () => {
    const secret = newTotpSecret();
    expect(box.open(account, secret)).toStrictEqual({ secret, legacy: true });
  });
});
