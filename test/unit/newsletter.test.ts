import { describe, expect, it } from '@jest/globals';
import { subscribeSchema, subscriberTokenSchema } from '../../src/contracts/newsletter.js';
import {
  DEFAULT_WELCOME_EMAIL,
  welcomeEmailInputSchema,
} from '../../src/contracts/newsletter-welcome.js';
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

  it("the welcome is the admins' subject and Markdown, rendered exactly as a campaign", async () => {
    const content = { subject: 'Glad you are here', body: 'Read **this** first.', unsubscribeUrl };
    const welcome = await renderEmail('newsletterWelcome', content);
    const campaign = await renderEmail('newsletterCampaign', content);
    expect(welcome.subject).toBe('Glad you are here');
    expect(welcome.html).toContain('<strong>this</strong>');
    expect(welcome.html).toBe(campaign.html);
    expect(welcome.text).toBe(campaign.text);
    expect(welcome.newsletter).toBe(true);
  });

  it('a welcome queued before it was editable gets the default text', async () => {
    const email = await renderEmail('newsletterWelcome', { unsubscribeUrl });
    expect(email.subject).toBe(DEFAULT_WELCOME_EMAIL.subject);
    expect(email.text.replace(/\s+/g, ' ')).toContain(DEFAULT_WELCOME_EMAIL.body);
  });
});

describe('the welcome e-mail input', () => {
  const fieldErrors = (input: unknown) => {
    const result = welcomeEmailInputSchema.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(
          result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
  };

  it('takes the switch, a subject and a Markdown body, trimmed', () => {
    expect(
      welcomeEmailInputSchema.parse({ enabled: false, subject: ' Hi ', body: ' **Hello** ' }),
    ).toStrictEqual({ enabled: false, subject: 'Hi', body: '**Hello**' });
  });

  it('names each missing or wrong field, and refuses unknown ones', () => {
    expect(Object.keys(fieldErrors({})).sort()).toStrictEqual(['body', 'enabled', 'subject']);
    expect(fieldErrors({ enabled: 'on', subject: 'Hi', body: 'Hello' })).toStrictEqual({
      enabled: 'enabled must be true or false',
    });
    expect(
      Object.keys(fieldErrors({ enabled: true, subject: 'Hi', body: 'x', html: '' })),
    ).toStrictEqual(['']);
  });
});
