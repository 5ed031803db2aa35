import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { subscribeSchema, subscriberTokenSchema } from '../../src/contracts/newsletter.js';
import { renderEmail } from '../../src/modules/notifications/templates/email-templates.js';

const fieldErrors = (input: unknown) => {
  const result = subscribeSchema.safeParse(input);
  assert.ok(!result.success, `${JSON.stringify(input)} is refused`);
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
};

describe('the newsletter form', () => {
  it('takes one e-mail address, trimmed', () => {
    assert.deepEqual(subscribeSchema.parse({ subemail: '  Ada@Example.com ' }), {
      subemail: 'Ada@Example.com',
    });
  });

  it('says the e-mail is required, or not valid, in the old site’s words', () => {
    for (const input of [{}, { subemail: '' }, { subemail: '   ' }]) {
      assert.deepEqual(fieldErrors(input), [{ path: 'subemail', message: 'Email is Required' }]);
    }
    assert.deepEqual(fieldErrors({ subemail: 'ada@' }), [
      { path: 'subemail', message: 'Provide a Valid Email' },
    ]);
  });

  it('refuses unknown fields', () => {
    const result = subscribeSchema.safeParse({ subemail: 'ada@example.com', name: 'Ada' });
    assert.ok(!result.success);
    assert.equal(result.error.issues[0]?.code, 'unrecognized_keys');
  });

  it('accepts link tokens that look like ours only', () => {
    assert.ok(subscriberTokenSchema.safeParse({ token: 'aB3_-'.repeat(9) }).success);
    for (const token of ['', 'short', 'a b'.repeat(10), '../'.repeat(10), 42]) {
      assert.ok(!subscriberTokenSchema.safeParse({ token }).success, JSON.stringify(token));
    }
  });
});

describe('newsletter e-mails', () => {
  const confirmUrl = 'https://seo.example/newsletter/confirm?token=abc_DEF-123';
  const unsubscribeUrl = 'https://seo.example/newsletter/unsubscribe?token=xyz_UVW-789';

  it('the confirmation spells out its link and the unsubscribe link', async () => {
    const email = await renderEmail('newsletterConfirmation', { confirmUrl, unsubscribeUrl });
    assert.equal(email.subject, 'Confirm your newsletter subscription');
    assert.ok(email.text.includes(confirmUrl));
    assert.ok(email.text.includes(unsubscribeUrl));
    assert.ok(email.html.includes(`href="${unsubscribeUrl}"`));
  });

  it('the welcome has the unsubscribe link', async () => {
    const email = await renderEmail('newsletterWelcome', { unsubscribeUrl });
    assert.match(email.subject, /newsletter/i);
    assert.ok(email.text.includes(unsubscribeUrl));
  });
});
