import { describe, expect, it } from '@jest/globals';
import { isCommonPassword } from '../../src/modules/identity/domain/common-passwords.js';
import {
  CURRENT_PARAMS,
  hashPassword,
  verifyPassword,
} from '../../src/modules/identity/domain/password-hasher.js';

describe('password hashing', () => {
  it('stores argon2id with at least 19 MiB and two passes, salted per password', async () => {
    const first = await hashPassword('tulip-garden-9');
    const second = await hashPassword('tulip-garden-9');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, t] = /m=(\d+),t=(\d+)/.exec(first)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
    expect(first).not.toBe(second);
    expect(first).not.toMatch(/tulip/);
  });

  it('accepts the right password and refuses any other', async () => {
    const hash = await hashPassword('tulip-garden-9');
    expect(await verifyPassword('tulip-garden-9', hash)).toStrictEqual({
      matches: true,
      needsRehash: false,
    });
    expect((await verifyPassword('tulip-garden-8', hash)).matches).toBe(false);
    expect((await verifyPassword('', hash)).matches).toBe(false);
    expect((await verifyPassword('tulip-garden-9', 'not a hash')).matches).toBe(false);
  });

  it('asks for a new hash when the stored one was made with weaker parameters', async () => {
    const old = await hashPassword('tulip-garden-9', { m: 8 * 1024, t: 1, p: 1 });
    expect(await verifyPassword('tulip-garden-9', old)).toStrictEqual({
      matches: true,
      needsRehash: true,
    });
    expect(CURRENT_PARAMS.m).toBeGreaterThan(8 * 1024);
  });
});

describe('common passwords', () => {
  it('refuses the passwords guessers try first, whatever their case', () => {
    for (const password of ['password', 'qwerty123', 'Password1', 'iloveyou', '123456789']) {
      // Each password is shown next to its result, so a failure names it.
      expect({ password, common: isCommonPassword(password) }).toStrictEqual({
        password,
        common: true,
      });
    }
  });

  it('lets ordinary passphrases through', () => {
    for (const password of ['tulip-garden-9', 'correct horse battery staple', 'Xq7!vLp2#']) {
      expect({ password, common: isCommonPassword(password) }).toStrictEqual({
        password,
        common: false,
      });
    }
  });
});
