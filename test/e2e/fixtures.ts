import { randomBytes } from 'node:crypto';
import { test as base } from '@playwright/test';
import { type AppProcess, startApp } from '../support/app-process.js';
import { HttpClient } from '../support/http-client.js';
import { loginOk } from '../support/identity.js';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { getFreePort } from '../support/net.js';
import { billOneOff } from '../support/shop.js';
import { type TestServices, startServices } from '../support/services.js';

export { expect } from '@playwright/test';

export interface Stack {
  services: TestServices;
  mailbox: Mailbox;
  app: AppProcess;
  /** Where the app sends its admin notifications; also the first admin user (ADMIN_EMAIL). */
  adminEmail: string;
  /** The first admin's password (ADMIN_PASSWORD). */
  adminPassword: string;
  /** The app's PUBLIC_URL (its own address), the base of the links in its e-mails. */
  publicUrl: string;
}

/**
 * `stack`: services (test/support/services.ts), a mailbox and the built server (role all), started
 * once per Playwright worker; `baseURL` points at that server.
 */
export const test = base.extend<
  { appOutputOnFailure: void },
  {
    stack: Stack;
    paymentIntegration: 'checkout' | 'standard';
    packageBilling: 'one-off' | 'monthly';
  }
>({
  /**
   * The payment adapter the stack runs with (PAYMENT_INTEGRATION): PayPal Checkout, the simulator's
   * default, unless a file says `test.use({ paymentIntegration: 'standard' })` (a stack of its own).
   */
  paymentIntegration: ['checkout', { scope: 'worker', option: true }],
  /**
   * How the stack's packages bill: one-off (an admin edits the demo content's Monthly to One-off as the
   * stack starts: the shop journeys pay once), unless a file says
   * `test.use({ packageBilling: 'monthly' })` (a stack of its own, as the demo content ships).
   */
  packageBilling: ['one-off', { scope: 'worker', option: true }],
  stack: [
    async ({ paymentIntegration, packageBilling }, use) => {
      const services = await startServices();
      const cleanups: (() => Promise<unknown>)[] = [() => services.stop()];
      try {
        const mailbox = await startMailbox();
        cleanups.push(() => mailbox.close());
        const adminEmail = `admin-${randomBytes(4).toString('hex')}@seo-agency.test`;
        const adminPassword = `Admin-${randomBytes(6).toString('hex')}-Pass`;
        const port = await getFreePort();
        const publicUrl = `http://127.0.0.1:${port}`;
        const app = await startApp({
          role: 'all',
          name: 'e2e-app',
          port,
          env: {
            DATABASE_URL: services.databaseUrl,
            REDIS_URL: services.redisUrl,
            SMTP_URL: mailbox.url,
            MAIL_FROM: 'SEO Agency <hello@seo-agency.test>',
            ADMIN_EMAIL: adminEmail,
            ADMIN_PASSWORD: adminPassword,
            PUBLIC_URL: publicUrl,
            OUTBOX_POLL_INTERVAL_MS: '200',
            JOB_BACKOFF_MS: '200',
            PAYMENT_INTEGRATION: paymentIntegration,
            // The SEO check's journey checks a test site on 127.0.0.1 at a random port.
            SEO_CHECK_ALLOW_PRIVATE_TARGETS: 'true',
            // The drafts journey plans a publish a few seconds ahead.
            CONTENT_PUBLISH_MIN_LEAD_MS: '3000',
          },
        });
        cleanups.push(() => app.stop(10_000));
        if (packageBilling === 'one-off') {
          const admin = new HttpClient(app.baseUrl);
          await loginOk(admin, adminEmail, adminPassword);
          await billOneOff(admin, ['Basic', 'Premium', 'Standard']);
        }
        await use({ services, mailbox, app, adminEmail, adminPassword, publicUrl });
      } finally {
        for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  baseURL: async ({ stack }, use) => {
    await use(stack.app.baseUrl);
  },

  /** Attaches (and prints) the server's output when a test fails. */
  appOutputOnFailure: [
    async ({ stack }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('app-output.log', {
          body: stack.app.output(),
          contentType: 'text/plain',
        });
        stack.app.printOutput(`after failed test "${testInfo.title}"`);
      }
    },
    { auto: true },
  ],
});
