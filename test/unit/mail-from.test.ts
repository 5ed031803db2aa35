import { describe, expect, it } from '@jest/globals';
import { parseConfig } from '../../src/platform/config/app-config.js';
import { defaultMailFrom, localMailFromWarning } from '../../src/platform/config/mail-from.js';

describe('MAIL_FROM', () => {
  it('defaults to an address on PUBLIC_URL’s host', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://www.seo.example:8443/' }).MAIL_FROM).toBe(
      'SEO Agency <no-reply@www.seo.example>',
    );
    expect(parseConfig({}).MAIL_FROM).toBe('SEO Agency <no-reply@localhost>'); // zero-config start
    expect(defaultMailFrom('http://127.0.0.1:3000')).toBe('SEO Agency <no-reply@127.0.0.1>');
  });

  it('is kept as set', () => {
    const config = parseConfig({
      PUBLIC_URL: 'https://seo.example',
      MAIL_FROM: 'Agency <hello@agency.example>',
    });
    expect(config.MAIL_FROM).toBe('Agency <hello@agency.example>');
  });

  it('warns at start-up when a real SMTP server would send from a local address', () => {
    const smtp = 'smtp://mail.example:587';
    const warn = (env: NodeJS.ProcessEnv) => localMailFromWarning(parseConfig(env));
    expect(warn({ SMTP_URL: smtp })).toMatch(/^MAIL_FROM \(SEO Agency <no-reply@localhost>\)/);
    expect(warn({ SMTP_URL: smtp, MAIL_FROM: 'no-reply@shop.localhost' })).toMatch(/^MAIL_FROM/);
    // MAIL_FROM set to a real domain, PUBLIC_URL still local: the links would not open.
    expect(warn({ SMTP_URL: smtp, MAIL_FROM: 'Agency <hello@agency.example>' })).toMatch(
      /^PUBLIC_URL \(unset\) is a local address/,
    );
    expect(warn({ SMTP_URL: smtp, PUBLIC_URL: 'https://seo.example' })).toBeUndefined();
    // Without SMTP_URL, e-mails are files: nothing to warn about.
    expect(warn({})).toBeUndefined();
  });
});
