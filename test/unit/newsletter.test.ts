import { describe, expect, it } from '@jest/globals';
import { subscribeSchema, subscriberTokenSchema } from '../../src/contracts/newsletter.js';
import { renderEmail } from '../../src/modules/notifications/templates/email-templates.js';

const fieldErrors = (input: unknown) => {
  const result = subscribeSchema.safeParse(input);
  expect(result.success).toBe(false); // the input is refused
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
};

describe('the newsletter form', () => {
  it('takes one e-mail address, trimmed', () => {
    expect(subscribeSchema.parse({ subemail: '  Ada@Example.com ' })).toStrictEqual({
      subemail: 'Ada@Example.com',
    });
  });

  it('says the e-mail is required, or not valid, in the old site’s words', () => {
    for (const input of [{}, { subemail: '' }, { subemail: '   ' }]) {
      expect(fieldErrors(input)).toStrictEqual([
        { path: 'subemail', message: 'Email is Required' },
      ]);
    }
    expect(fieldErrors({ subemail: 'ada@' })).toStrictEqual([
      { path: 'subemail', message: 'Provide a Valid Email' },
    ]);
  });

  it('refuses unknown fields', () => {
    const result = subscribeSchema.safeParse({ subemail: 'ada@example.com', name: 'Ada' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('accepts link tokens that look like ours only', () => {
    expect(subscriberTokenSchema.safeParse({ token: 'aB3_-'.repeat(9) }).success).toBe(true);
    for (const token of ['', 'short', 'a b'.repeat(10), '../'.repeat(10), 42]) {
      // Each token is shown next to its result, so a failure names it.
      const accepted = subscriberTokenSchema.safeParse({ token }).success;
      expect({ token, accepted }).toStrictEqual({ token, accepted: false });
    }
  });
});

describe('newsletter e-mails', () => {
  const confirmUrl = 'https://seo.example/newsletter/confirm?token=abc_DEF-123';
  const unsubscribeUrl = 'https://seo.example/newsletter/unsubscribe?token=xyz_UVW-789';

  it('the confirmation spells out its link and the unsubscribe link', async () => {
    const email = await renderEmail('newsletterConfirmation', { confirmUrl, unsubscribeUrl });
    expect(email.subject).toBe('Confirm your newsletter subscription');
    expect(email.text).toContain(confirmUrl);
    expect(email.text).toContain(unsubscribeUrl);
    expect(email.html).toContain(`href="${unsubscribeUrl}"`);
  });

  it('the welcome has the unsubscribe link', async () => {
    const email = await renderEmail('newsletterWelcome', { unsubscribeUrl });
    expect(email.subject).toMatch(/newsletter/i);
    expect(email.text).toContain(unsubscribeUrl);
  });
});
