/**
 * Text PostgreSQL cannot store (NUL, unpaired UTF-16 surrogates) is refused by the shared schemas with
 * a message naming the field, so it is a 400, never a database error: the helpers, then every field of
 * every input schema of src/contracts.
 */
import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { SECTION_LIST, sectionInputSchema } from '../../src/contracts/content/index.js';
import {
  adminUserInputSchema,
  changePasswordSchema,
  credentialsSchema,
  registrationSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '../../src/contracts/identity.js';
import { sendMessageSchema } from '../../src/contracts/messages.js';
import { subscribeSchema } from '../../src/contracts/newsletter.js';
import {
  isStorableText,
  requiredText,
  storableString,
  toStorableText,
} from '../../src/contracts/text-fields.js';
import { fieldMessages } from '../../src/platform/http/validation.js';
import { sampleRecord } from '../support/content.js';

/** NUL alone, inside and at the end; lone high and low surrogates; a pair cut in half. */
const UNSTORABLE = ['\u0000', 'a\u0000b', 'ab\u0000', '\ud800', 'x\udc00y', '\ud83d', 'x\ude00'];

function fieldsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error.issues);
}

describe('isStorableText and toStorableText', () => {
  it('refuse NUL and unpaired surrogates, keep paired ones and other control characters', () => {
    for (const value of UNSTORABLE) expect(isStorableText(value)).toBe(false);
    for (const value of ['', 'plain', 'emoji \ud83d\ude00', 'tab\tnew\nline\u0001', 'ü€𝄞'])
      expect(isStorableText(value)).toBe(true);
  });

  it('replace what cannot be stored by U+FFFD and leave the rest as it is', () => {
    expect(toStorableText('a\u0000b\ud800c')).toBe('a\ufffdb\ufffdc');
    expect(toStorableText('Mozilla/5.0 \ud83d\ude00')).toBe('Mozilla/5.0 \ud83d\ude00');
    for (const value of UNSTORABLE) expect(isStorableText(toStorableText(value))).toBe(true);
  });
});

describe('the text schema helpers', () => {
  it('requiredText names the field, before its other rules', () => {
    const name = requiredText('Name', 5);
    for (const value of [...UNSTORABLE, `${'x'.repeat(10)}\u0000`, '  \u0000  ']) {
      expect(fieldsOf(name, value)).toStrictEqual({
        body: 'Name contains characters that are not allowed',
      });
    }
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(fieldsOf(name, 42)).toStrictEqual({ body: 'Name is Required' });
  });

  it('storableString keeps its type message and takes further rules', () => {
    const current = storableString('Current Password').max(3).optional();
    expect(fieldsOf(current, 7)).toStrictEqual({ body: 'Current Password must be text' });
    expect(fieldsOf(current, '\ud800')).toStrictEqual({
      body: 'Current Password contains characters that are not allowed',
    });
    expect(current.parse(undefined)).toBe(undefined);
  });
});

/** Each input schema with a valid body: every string field of it is tried with bad text. */
const INPUTS: { name: string; schema: z.ZodType; valid: Record<string, string> }[] = [
  {
    name: 'SendMessage',
    schema: sendMessageSchema,
    valid: {
      name: 'Ada',
      email: 'ada@example.com',
      number: '+44 20 7946 0958',
      subject: 'Audit',
      message: 'Hello',
    },
  },
  {
    name: 'Credentials',
    schema: credentialsSchema,
    valid: { email: 'ada@example.com', password: 'Correct-Horse-Battery' },
  },
  {
    name: 'Registration',
    schema: registrationSchema,
    valid: { email: 'ada@example.com', password: 'Correct-Horse-Battery', next: '/order-now/1' },
  },
  {
    name: 'RequestPasswordReset',
    schema: requestPasswordResetSchema,
    valid: { email: 'ada@example.com' },
  },
  {
    name: 'ResetPassword',
    schema: resetPasswordSchema,
    valid: { token: 'a'.repeat(43), password: 'Correct-Horse-Battery' },
  },
  {
    name: 'ChangePassword',
    schema: changePasswordSchema,
    valid: { currentPassword: 'Old-Horse-Battery', newPassword: 'Correct-Horse-Battery' },
  },
  {
    name: 'AdminUserInput',
    schema: adminUserInputSchema,
    valid: { userEmail: 'ada@example.com', userRole: 'Admin' },
  },
  { name: 'Subscribe', schema: subscribeSchema, valid: { subemail: 'ada@example.com' } },
  ...SECTION_LIST.map((section) => ({
    name: `content section ${section.key}`,
    schema: sectionInputSchema(section),
    valid: sampleRecord(section, 'text'),
  })),
];

describe('every input schema of the contracts', () => {
  for (const { name, schema, valid } of INPUTS) {
    it(`${name}: bad text in any field is a message on that field alone`, () => {
      expect(fieldsOf(schema, valid)).toStrictEqual({}); // the valid body passes
      for (const field of Object.keys(valid)) {
        for (const bad of ['a\u0000b', '\ud800', `${valid[field]}\udfff`]) {
          const fields = fieldsOf(schema, { ...valid, [field]: bad });
          expect(Object.keys(fields)).toStrictEqual([field]); // only the bad field has a message
          expect(fields[field]).toBeTruthy(); // and it has a message
        }
      }
    });
  }

  it('free-text fields say which characters are the problem', () => {
    const fields = fieldsOf(sendMessageSchema, {
      ...INPUTS[0]!.valid,
      message: 'Hi\u0000',
      subject: '\ud800',
    });
    expect(fields).toStrictEqual({
      subject: 'Subject contains characters that are not allowed',
      message: 'Message contains characters that are not allowed',
    });
  });
});
