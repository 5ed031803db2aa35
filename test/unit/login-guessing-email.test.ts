import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderEmail } from '../../src/modules/notifications/templates/email-templates.js';

describe('the "being guessed" e-mail', () => {
  it('tells the owner and links to a password reset, in HTML and plain text', async () => {
    const resetUrl = 'https://seo.example/reset';
    const email = await renderEmail('loginGuessing', { resetUrl });
    assert.equal(email.subject, 'Someone is trying to log in to your account');
    assert.match(email.text, /wrong password/);
    assert.match(email.text, /you can still log in/);
    assert.ok(email.text.includes(resetUrl), email.text);
    assert.ok(email.html.includes(`href="${resetUrl}"`));
  });
});
