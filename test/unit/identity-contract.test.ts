import { describe, expect, it } from '@jest/globals';
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
    expect(messages({ email: '', password: '' })).toStrictEqual({
      email: 'Email is Required',
      password: 'Password is Required',
    });
    expect(messages({})).toStrictEqual({
      email: 'Email is Required',
      password: 'Password is Required',
    });
  });

  it('wants a real e-mail with at least three letters in a row', () => {
    for (const email of ['nobody', 'a@b', 'ab@cd.io', 'x@y.z']) {
      expect(messages({ email, password: 'tulip-garden-9' }).email).toBe('Provide a Valid Email');
    }
    expect(messages({ email: 'ann@example.com', password: 'tulip-garden-9' })).toStrictEqual({});
  });

  it('wants at least 6 characters of password', () => {
    expect(messages({ email: 'ann@example.com', password: '12345' }).password).toBe(
      'Minimum 6 Characters',
    );
    expect(messages({ email: 'ann@example.com', password: '123456' })).toStrictEqual({});
  });

  it('refuses unknown fields, so nothing unexpected reaches a handler', () => {
    const result = credentialsSchema.safeParse({
      email: 'ann@example.com',
      password: 'tulip-garden-9',
      isAdmin: true,
    });
    expect(result.success).toBe(false);
  });
});

describe('other identity payloads', () => {
  it('only takes link tokens that look like ours', () => {
    expect(
      resetPasswordSchema.safeParse({ token: 'a'.repeat(43), password: 'tulip-garden-9' }).success,
    ).toBe(true);
    expect(
      resetPasswordSchema.safeParse({ token: "' or 1=1 --", password: 'tulip-garden-9' }).success,
    ).toBe(false);
  });

  it('defaults the admin user role to Admin, like the seed form’s hidden field', () => {
    expect(adminUserInputSchema.parse({ userEmail: 'ann@example.com' })).toStrictEqual({
      userEmail: 'ann@example.com',
      userRole: 'Admin',
    });
    expect(
      adminUserInputSchema.safeParse({ userEmail: 'ann@example.com', userRole: 'Owner' }).success,
    ).toBe(false);
  });
});
