/**
 * What a person reads when the built server starts: on a terminal (LOG_FORMAT=pretty, as a TTY
 * chooses) readable lines, none of Nest's route mapping, and a closing banner with the site, the
 * admin's address and e-mail, the file with the first admin's generated password, where e-mails go
 * and the PayPal mode; to a pipe (a log collector) JSON lines, with the same facts on the ready line.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/first-start.test.ts
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from '@jest/globals';
import { isReadyLine } from '../support/app-process.js';
import { strongPassword, uid } from '../support/identity.js';
import { startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';

const suite = useIdentitySuite();

/** Nest's start-up report: one line per module, controller and route. */
const NEST_START_UP = /RouterExplorer|RoutesResolver|InstanceLoader|Mapped \{/;

describe('the first start', () => {
  test('on a terminal: readable lines, no route mapping, and a banner that says where everything is', async () => {
    const adminEmail = `first-${uid()}@seo-agency.test`;
    const api = await startIdentityApp(suite, {
      name: 'first-start',
      adminEmail,
      env: { LOG_FORMAT: 'pretty', ADMIN_PASSWORD: undefined, SMTP_URL: undefined },
    });
    const lines = api.app.output().split('\n');
    const bannerAt = lines.findIndex((line) => line.trim() === 'SEO Agency is running');
    expect(bannerAt).toBeGreaterThan(0);
    // The whole start-up fits on a screen: a few lines before the banner.
    expect(bannerAt).toBeLessThan(40);
    expect(lines.filter((line) => NEST_START_UP.test(line))).toEqual([]);
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);

    const row = (label: string) =>
      lines
        .slice(bannerAt)
        .find((line) => line.trimStart().startsWith(`${label} `))
        ?.trim()
        .slice(label.length)
        .trim();
    expect(row('Site')).toBe(api.publicUrl);
    expect(row('Admin')).toBe(`${api.publicUrl}/admin  (log in as ${adminEmail})`);
    const passwordFile = row('Password')?.split('  ')[0] ?? '';
    expect(passwordFile).toMatch(/\/first-admin-password\.txt$/);
    // The file holds the password; the output only says where it is.
    const password = (await readFile(passwordFile, 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(api.app.output()).not.toContain(password);
    expect(row('E-mails')).toMatch(/^written to \/.+\/mail \(set SMTP_URL to send them\)$/);
    expect(row('PayPal')).toMatch(/^simulator /);
    await api.stop();
  });

  test('to a pipe: JSON lines, Nest’s start-up report at debug, the banner’s facts on the ready line', async () => {
    const api = await startIdentityApp(suite, {
      name: 'json-start',
      adminEmail: `second-${uid()}@seo-agency.test`,
      adminPassword: strongPassword(),
    });
    const stdout = api.app
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(stdout.filter((line) => !line.startsWith('{'))).toEqual([]);
    const logs = api.app.logs();
    expect(logs.filter((line) => NEST_START_UP.test(String(line.context)))).toEqual([]);
    const ready = logs.find(isReadyLine);
    expect(ready).toMatchObject({
      role: 'all',
      url: api.publicUrl,
      adminUrl: `${api.publicUrl}/admin`,
      // Only the host of SMTP_URL: it may carry a password.
      mail: { smtpHost: new URL(suite.mailbox.url).host },
      paypalMode: 'simulator',
    });
    // ADMIN_PASSWORD (or an admin already there): no password file is named.
    expect(ready?.passwordFile).toBeUndefined();
    await api.stop();
  });
});
