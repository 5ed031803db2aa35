import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
  assert.ok(!(result instanceof Promise));
  return result.issues ? fieldMessages(result.issues) : {};
}

describe('the contact message schema shared by the form and the server', () => {
  it('accepts a complete message and trims its fields', () => {
    const parsed = sendMessageSchema.parse({ ...valid, name: '  Ada Lovelace  ' });
    assert.equal(parsed.name, 'Ada Lovelace');
  });

  it('requires every field, with the site’s wording', () => {
    assert.deepEqual(messagesFor({}), {
      name: 'Name is Required',
      email: 'Email is Required',
      number: 'Phone Number is Required',
      subject: 'Subject is Required',
      message: 'Message is Required',
    });
  });

  it('counts whitespace-only input as missing', () => {
    assert.equal(messagesFor({ ...valid, subject: '   ' }).subject, 'Subject is Required');
  });

  it('rejects a malformed e-mail and a phone number with letters', () => {
    const fields = messagesFor({ ...valid, email: 'ada@', number: 'call me' });
    assert.equal(fields.email, 'Provide a Valid Email');
    assert.equal(fields.number, 'Provide a Valid Phone Number');
  });

  it('rejects wrong types and names unknown fields', () => {
    const fields = messagesFor({ ...valid, name: 42, messageStatus: 'Read' });
    assert.equal(fields.name, 'Name is Required');
    assert.equal(fields.messageStatus, 'Unknown field');
  });

  it('bounds the length of every field', () => {
    const fields = messagesFor({ ...valid, message: 'x'.repeat(5001) });
    assert.equal(fields.message, 'Message must be at most 5000 characters');
  });
});
