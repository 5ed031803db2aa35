import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/app-config.js';

/** Where the first admin's generated password is written (AdminBootstrap, in identity). */
const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';
/** The admin area's address (the SPA's route). */
const ADMIN_PATH = '/admin';

/** What a person needs once the server is up: where it is, who administers it, where mail and money go. */
export interface StartUpSummary {
  url: string;
  adminUrl: string;
  adminEmail: string;
  /** The first admin's generated password, while its file is there. */
  passwordFile?: string;
  /** Where e-mails go: a folder of .eml files, or the SMTP server's host. */
  mail: { folder: string } | { smtpHost: string };
  paypalMode: AppConfig['PAYPAL_MODE'];
}

export function startUpSummary(config: AppConfig): StartUpSummary {
  const passwordFile = path.resolve(config.DATA_DIR, FIRST_ADMIN_PASSWORD_FILE);
  return {
    url: config.PUBLIC_URL,
    adminUrl: new URL(ADMIN_PATH, config.PUBLIC_URL).toString(),
    adminEmail: config.ADMIN_EMAIL[0] ?? '',
    ...(existsSync(passwordFile) ? { passwordFile } : {}),
    // Only the host: SMTP_URL may hold a user and password.
    mail: config.SMTP_URL
      ? { smtpHost: new URL(config.SMTP_URL).host }
      : { folder: path.resolve(config.DATA_DIR, 'mail') },
    paypalMode: config.PAYPAL_MODE,
  };
}

const PAYPAL_MODES: Record<AppConfig['PAYPAL_MODE'], string> = {
  simulator: 'simulator (built in: no real money moves)',
  sandbox: "sandbox (PayPal's test system)",
  live: 'live (real payments)',
};

/** The summary as the short block a person reads at the end of the start-up output. */
export function startUpBanner(summary: StartUpSummary): string {
  const rows: [string, string][] = [
    ['Site', summary.url],
    ['Admin', `${summary.adminUrl}  (log in as ${summary.adminEmail})`],
  ];
  if (summary.passwordFile) {
    rows.push([
      'Password',
      `${summary.passwordFile}  (change it after logging in, then delete the file)`,
    ]);
  }
  rows.push(
    [
      'E-mails',
      'folder' in summary.mail
        ? `written to ${summary.mail.folder} (set SMTP_URL to send them)`
        : `sent through SMTP at ${summary.mail.smtpHost}`,
    ],
    ['PayPal', PAYPAL_MODES[summary.paypalMode]],
  );
  const lines = rows.map(([label, value]) => `  ${label.padEnd(9)} ${value}`);
  return (
    ['', '  SEO Agency is running', '', ...lines, '', '  Stop with Ctrl+C.', ''].join('\n') + '\n'
  );
}
