import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
    assert.match(first, /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, t] = /m=(\d+),t=(\d+)/.exec(first)!;
    assert.ok(Number(m) >= 19 * 1024 && Number(t) >= 2);
    assert.notEqual(first, second);
    assert.doesNotMatch(first, /tulip/);
  });

  it('accepts the right password and refuses any other', async () => {
    const hash = await hashPassword('tulip-garden-9');
    assert.deepEqual(await verifyPassword('tulip-garden-9', hash), {
      matches: true,
      needsRehash: false,
    });
    assert.equal((await verifyPassword('tulip-garden-8', hash)).matches, false);
    assert.equal((await verifyPassword('', hash)).matches, false);
    assert.equal((await verifyPassword('tulip-garden-9', 'not a hash')).matches, false);
  });

  it('asks for a new hash when the stored one was made with weaker parameters', async () => {
    const old = await hashPassword('tulip-garden-9', { m: 8 * 1024, t: 1, p: 1 });
    assert.deepEqual(await verifyPassword('tulip-garden-9', old), {
      matches: true,
      needsRehash: true,
    });
    assert.ok(CURRENT_PARAMS.m > 8 * 1024);
  });
});

describe('common passwords', () => {
  it('refuses the passwords guessers try first, whatever their case', () => {
    for (const password of ['password', 'qwerty123', 'Password1', 'iloveyou', '123456789']) {
      assert.equal(isCommonPassword(password), true, password);
    }
  });

  it('lets ordinary passphrases through', () => {
    for (const password of ['tulip-garden-9', 'correct horse battery staple', 'Xq7!vLp2#']) {
      assert.equal(isCommonPassword(password), false, password);
    }
  });
});
