import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  adminUserInputSchema,
  credentialsSchema,
  resetPasswordSchema,
} from '../../src/contracts/identity.js';

function messages(input: unknown): Record<string, string> {
  const result = credentialsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('login and register rules (spec §5)', () => {
  it('says which field is missing', () => {
    assert.deepEqual(messages({ email: '', password: '' }), {
      email: 'Email is Required',
      password: 'Password is Required',
    });
    assert.deepEqual(messages({}), {
      email: 'Email is Required',
      password: 'Password is Required',
    });
  });

  it('wants a real e-mail with at least three letters in a row', () => {
    for (const email of ['nobody', 'a@b', 'ab@cd.io', 'x@y.z']) {
      assert.equal(
        messages({ email, password: 'tulip-garden-9' }).email,
        'Provide a Valid Email',
        email,
      );
    }
    assert.deepEqual(messages({ email: 'ann@example.com', password: 'tulip-garden-9' }), {});
  });

  it('wants at least 6 characters of password', () => {
    assert.equal(
      messages({ email: 'ann@example.com', password: '12345' }).password,
      'Minimum 6 Characters',
    );
    assert.deepEqual(messages({ email: 'ann@example.com', password: '123456' }), {});
  });

  it('refuses unknown fields, so nothing unexpected reaches a handler', () => {
    const result = credentialsSchema.safeParse({
      email: 'ann@example.com',
      password: 'tulip-garden-9',
      isAdmin: true,
    });
    assert.equal(result.success, false);
  });
});

describe('other identity payloads', () => {
  it('only takes link tokens that look like ours', () => {
    assert.equal(
      resetPasswordSchema.safeParse({ token: 'a'.repeat(43), password: 'tulip-garden-9' }).success,
      true,
    );
    assert.equal(
      resetPasswordSchema.safeParse({ token: "' or 1=1 --", password: 'tulip-garden-9' }).success,
      false,
    );
  });

  it('defaults the admin user role to Admin, like the seed form’s hidden field', () => {
    assert.deepEqual(adminUserInputSchema.parse({ userEmail: 'ann@example.com' }), {
      userEmail: 'ann@example.com',
      userRole: 'Admin',
    });
    assert.equal(
      adminUserInputSchema.safeParse({ userEmail: 'ann@example.com', userRole: 'Owner' }).success,
      false,
    );
  });
});
