import { describe, expect, it } from '@jest/globals';
import { sendMessageSchema } from '../../src/contracts/messages.js';
import { fieldMessages } from '../../src/platform/http/validation.js';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  number: '+44 20 7946 0958',
  subject: 'Local SEO audit',
  message: 'Can you look at our rankings?',
};

function messagesFor(input: unknown): Record<string, string> {
  const result = sendMessageSchema['~standard'].validate(input);
  expect(result).not.toBeInstanceOf(Promise); // the schema validates synchronously
  const { issues } = result as Exclude<typeof result, Promise<unknown>>;
  return issues ? fieldMessages(issues) : {};
}

describe('the contact message schema shared by the form and the server', () => {
  it('accepts a complete message and trims its fields', () => {
    const parsed = sendMessageSchema.parse({ ...valid, name: '  Ada Lovelace  ' });
    expect(parsed.name).toBe('Ada Lovelace');
  });

  it('requires every field, with the site’s wording', () => {
    expect(messagesFor({})).toStrictEqual({
      name: 'Name is Required',
      email: 'Email is Required',
      number: 'Phone Number is Required',
      subject: 'Subject is Required',
      message: 'Message is Required',
    });
  });

  it('counts whitespace-only input as missing', () => {
    expect(messagesFor({ ...valid, subject: '   ' }).subject).toBe('Subject is Required');
  });

  it('rejects a malformed e-mail and a phone number with letters', () => {
    const fields = messagesFor({ ...valid, email: 'ada@', number: 'call me' });
    expect(fields.email).toBe('Provide a Valid Email');
    expect(fields.number).toBe('Provide a Valid Phone Number');
  });

  it('rejects wrong types and names unknown fields', () => {
    const fields = messagesFor({ ...valid, name: 42, messageStatus: 'Read' });
    expect(fields.name).toBe('Name is Required');
    expect(fields.messageStatus).toBe('Unknown field');
  });

  it('bounds the length of every field', () => {
    const fields = messagesFor({ ...valid, message: 'x'.repeat(5001) });
    expect(fields.message).toBe('Message must be at most 5000 characters');
  });
});
