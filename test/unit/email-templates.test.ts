import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type EmailProps,
  type EmailTemplateName,
  renderEmail,
} from '../../src/modules/notifications/templates/email-templates.js';

const message = {
  messageId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  name: 'Grace <Hopper>',
  email: 'grace@example.com',
  number: '555 0100',
  subject: 'Technical SEO',
  message: 'Line one\nLine two',
};

describe('e-mail templates', () => {
  it('tells the admins who wrote, how to reach them and what they said', async () => {
    const email = await renderEmail('messageReceivedAdmin', message);
    assert.equal(email.subject, 'New message: Technical SEO');
    assert.match(email.text, /grace@example\.com/);
    assert.match(email.text, /555 0100/);
    assert.match(email.text, /Line one/);
    // The visitor's text is escaped in the HTML part, never injected as markup.
    assert.match(email.html, /Grace &lt;Hopper&gt;/);
    assert.doesNotMatch(email.html, /<Hopper>/);
  });

  it('confirms receipt to the visitor in HTML and plain text', async () => {
    const email = await renderEmail('messageReceivedConfirmation', {});
    assert.equal(email.subject, 'We have received your message');
    assert.match(email.text, /will get back to you as soon as possible/);
    assert.match(email.html, /<html/i);
  });
});

describe('account e-mails', () => {
  it('spell out their single-use link in the plain-text part', async () => {
    const verifyUrl = 'https://seo.example/verify-email?token=abc_DEF-123';
    const email = await renderEmail('emailVerification', { verifyUrl });
    assert.equal(email.subject, 'Verify your e-mail address');
    assert.ok(email.text.includes(verifyUrl));
    assert.ok(email.html.includes('href="https://seo.example/verify-email?token=abc_DEF-123"'));

    const reset = await renderEmail('passwordReset', {
      resetUrl: 'https://seo.example/reset?token=t0k',
    });
    assert.equal(reset.subject, 'Reset your password');
    assert.match(reset.text, /one hour/);
    assert.ok(reset.text.includes('https://seo.example/reset?token=t0k'));
  });

  it('tell the owner when someone tries to register their e-mail', async () => {
    const email = await renderEmail('registrationAttempt', {
      loginUrl: 'https://seo.example/login',
      resetUrl: 'https://seo.example/reset',
    });
    assert.match(email.subject, /Someone tried to register/);
    assert.match(email.text, /Nothing was changed/);
  });
});

/** Props for every template (a new template must be added here: the type asks for it). */
const EVERY_TEMPLATE: { [Name in EmailTemplateName]: EmailProps<Name> } = {
  messageReceivedAdmin: message,
  messageReceivedConfirmation: {},
  emailVerification: { verifyUrl: 'https://seo.example/verify-email?token=abc_DEF-123' },
  passwordReset: { resetUrl: 'https://seo.example/reset-password?token=r3set' },
  passwordChanged: { resetUrl: 'https://seo.example/forgot-password' },
  registrationAttempt: {
    loginUrl: 'https://seo.example/login',
    resetUrl: 'https://seo.example/forgot-password',
  },
  loginGuessing: { resetUrl: 'https://seo.example/forgot-password' },
  newsletterConfirmation: {
    confirmUrl: 'https://seo.example/newsletter/confirm?token=c0nfirm',
    unsubscribeUrl: 'https://seo.example/newsletter/unsubscribe?token=uns_UB-1',
  },
  newsletterWelcome: {
    unsubscribeUrl: 'https://seo.example/newsletter/unsubscribe?token=uns_UB-2',
  },
};

describe('the plain-text part of every e-mail', () => {
  for (const [name, props] of Object.entries(EVERY_TEMPLATE)) {
    it(`${name}: puts each link on a line of its own, with nothing after it`, async () => {
      const { text } = await renderEmail(name as EmailTemplateName, props as never);
      const lines = text.split('\n');
      const urls = text.match(/https?:\/\/\S+/g) ?? [];
      for (const url of urls) {
        assert.ok(lines.includes(url), `${url} stands alone on its line in:\n${text}`);
      }
      // Every link the mail is given is spelled out, so no link is lost to the rule above.
      for (const url of Object.values(props as Record<string, string>).filter((value) =>
        value.startsWith('https://'),
      )) {
        assert.ok(lines.includes(url), `${url} is on a line of its own in:\n${text}`);
      }
    });
  }
});
