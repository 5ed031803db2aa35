import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type AppConfig, parseConfig } from '../../src/platform/config/app-config.js';
import { completeConfig } from '../../src/platform/runtime/resolve-services.js';
import { startUpBanner, startUpSummary } from '../../src/platform/runtime/start-up-banner.js';

function config(env: Record<string, string>): AppConfig {
  return completeConfig(parseConfig(env), 'postgres://db/seo', 'redis://127.0.0.1:6379');
}

describe('the start-up banner', () => {
  it('names the site, the admin, the password file while it is there, the mail folder and PayPal', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'banner-'));
    try {
      const settings = config({ DATA_DIR: dataDir, PORT: '3100' });
      expect(startUpBanner(startUpSummary(settings))).not.toContain('Password');
      await writeFile(path.join(dataDir, 'first-admin-password.txt'), 'secret\n');
      const lines = startUpBanner(startUpSummary(settings)).split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          '  SEO Agency is running',
          '  Site      http://localhost:3100',
          '  Admin     http://localhost:3100/admin  (log in as admin@agency.localhost)',
          `  Password  ${dataDir}/first-admin-password.txt  (change it after logging in, then delete the file)`,
          `  E-mails   written to ${dataDir}/mail (set SMTP_URL to send them)`,
          '  PayPal    simulator (built in: no real money moves)',
        ]),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('gives only the SMTP server’s host, never its user or password', () => {
    const summary = startUpSummary(
      config({
        SMTP_URL: 'smtp://mailer:hunter2@smtp.example.com:587',
        PUBLIC_URL: 'https://agency.example',
      }),
    );
    expect(summary.mail).toStrictEqual({ smtpHost: 'smtp.example.com:587' });
    const banner = startUpBanner(summary);
    expect(banner).toContain('  E-mails   sent through SMTP at smtp.example.com:587');
    expect(banner).not.toContain('hunter2');
    expect(banner).toContain('  Admin     https://agency.example/admin');
  });
});
