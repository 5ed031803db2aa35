import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderEmail } from '../../src/modules/notifications/templates/email-templates.js';

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
