import { describe, expect, it } from '@jest/globals';
import { renderEmail } from '../../src/modules/notifications/templates/email-templates.js';

describe('the "being guessed" e-mail', () => {
  it('tells the owner and links to a password reset, in HTML and plain text', async () => {
    const resetUrl = 'https://seo.example/reset';
    const email = await renderEmail('loginGuessing', { resetUrl });
    expect(email.subject).toBe('Someone is trying to log in to your account');
    expect(email.text).toMatch(/wrong password/);
    expect(email.text).toMatch(/you can still log in/);
    expect(email.text).toContain(resetUrl);
    expect(email.html).toContain(`href="${resetUrl}"`);
  });
});
