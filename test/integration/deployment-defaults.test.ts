/**
 * The defaults a deployment starts with, against the built server (`npm run build`: server and web):
 * production refuses to start without PAYPAL_MODE, with the simulator (unless a demo consents) and
 * with TRUST_PROXY=true, in one line naming the variable; a simulator-mode shop says on every page
 * that it is a demo where no real money moves (in the server-rendered markup of the public pages, and
 * in the state the SPA renders the others with), a shop on PayPal itself does not; a shop on PayPal
 * (here its sandbox, with Checkout's credentials) serves none of the simulator's routes; the content
 * security policy of a plain-http site does not upgrade its requests to https; e-mails come from
 * no-reply on PUBLIC_URL's host, with a warning at start-up when that is local and SMTP is real.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/deployment-defaults.test.ts
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { REPO_ROOT, SERVER_ENTRY } from '../support/app-process.js';
import type { RequestOptions } from '../support/http-client.js';
import { asObject, assertStatus } from '../support/identity.js';
import { type IdentityApp, startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';

const suite = useIdentitySuite();

const SSR_ENTRY = path.join(REPO_ROOT, 'dist/web-ssr/entry-server.js');
const DEMO_TEXT = 'Demo shop: payments go to a PayPal simulator, and no real money moves.';

let demoShop: Promise<IdentityApp> | undefined;
/** A shop with the simulator (outside production the default: nothing to set), started once. */
const startDemoShop = () =>
  (demoShop ??= startIdentityApp(suite, { name: 'demo-shop', role: 'api' }));

interface Start {
  code: number | null;
  stderr: string;
}

/**
 * Starts the built server with only `env` (and PATH) and waits for it to exit: a refused
 * configuration stops it before it looks for PostgreSQL or Redis.
 */
async function startRefused(env: Record<string, string>): Promise<Start> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'refused-start-'));
  try {
    await promisify(execFile)(process.execPath, [SERVER_ENTRY, '--role=api'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
      timeout: 30_000,
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number | null; stderr?: string };
    return { code: failed.code ?? null, stderr: failed.stderr ?? '' };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The one line a refused start writes: `Invalid configuration: <variable> …`. */
function expectRefusal(start: Start, variable: string, says: RegExp) {
  expect(start.code).toBe(1);
  const lines = start.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
  expect(lines[0]).toMatch(says);
}

describe('a production start refuses what would let harm through', () => {
  beforeAll(() => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build`);
  });

  test('without PAYPAL_MODE: the simulator is no default in production', async () => {
    expectRefusal(
      await startRefused({ NODE_ENV: 'production' }),
      'PAYPAL_MODE',
      /is required with NODE_ENV=production/,
    );
    // What docker compose passes for a variable missing from its environment.
    expectRefusal(
      await startRefused({ NODE_ENV: 'production', PAYPAL_MODE: '' }),
      'PAYPAL_MODE',
      /is required/,
    );
  }, 90_000);

  test('the simulator without the demo consent', async () => {
    expectRefusal(
      await startRefused({ NODE_ENV: 'production', PAYPAL_MODE: 'simulator' }),
      'PAYPAL_MODE',
      /PAYPAL_SIMULATOR_IN_PRODUCTION=yes-no-real-money/,
    );
  }, 90_000);

  test('TRUST_PROXY=true, saying what to write instead', async () => {
    expectRefusal(
      await startRefused({ NODE_ENV: 'production', PAYPAL_MODE: 'live', TRUST_PROXY: 'true' }),
      'TRUST_PROXY',
      /give the number of proxies in front \(e\.g\. 1\) or their addresses\/CIDRs/,
    );
  }, 90_000);
});

describe('every page of a simulator-mode shop says it is a demo', () => {
  let simulator: IdentityApp;
  let live: IdentityApp;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) {
      throw new Error(`${SSR_ENTRY} is missing: run \`npm run build\` (server and web) first`);
    }
    simulator = await startDemoShop();
    live = await startIdentityApp(suite, {
      name: 'live-shop',
      role: 'api',
      env: { PAYPAL_MODE: 'live' },
    });
  }, 120_000);

  async function page(app: IdentityApp, pagePath: string) {
    const response = await app.client().get(pagePath, { headers: { accept: 'text/html' } });
    assertStatus(response, pagePath === '/no-such-page' ? 404 : 200, `GET ${pagePath}`);
    const document = new JSDOM(response.text).window.document;
    const stateText = document.getElementById('app-state')?.textContent ?? '';
    return { response, document, state: asObject(JSON.parse(stateText), 'the app state') };
  }

  test.each(['/', '/pricing/', '/contact', '/login', '/no-such-page'])(
    '%s carries the notice in its server-rendered markup, before the header',
    async (pagePath) => {
      const { document, state } = await page(simulator, pagePath);
      const notices = document.querySelectorAll('#root aside[aria-label="Demo shop"]');
      expect([...notices].map((notice) => notice.textContent)).toStrictEqual([DEMO_TEXT]);
      const header = document.querySelector('#root header')!;
      expect(notices[0]!.compareDocumentPosition(header) & 4).toBe(4);
      // Styled by the page's inline CSS: it takes its place before anything else loads.
      const styles = [...document.querySelectorAll('style')].map((style) => style.textContent);
      expect(styles.some((css) => css?.includes('.demo-shop-banner'))).toBe(true);
      // The SPA hydrates with the same fact, so the notice stays.
      expect(state.simulatedPayments).toBe(true);
    },
  );

  test.each(['/dashboard', '/pay-now/3b241101-e2bb-4255-8caf-4136c566a962', '/admin'])(
    '%s (rendered in the browser) is sent with the fact the SPA shows the notice from',
    async (pagePath) => {
      const { state } = await page(simulator, pagePath);
      expect(state.simulatedPayments).toBe(true);
    },
  );

  test('a shop on PayPal itself shows no notice', async () => {
    for (const pagePath of ['/', '/pricing/', '/dashboard']) {
      const { document, state } = await page(live, pagePath);
      expect({ pagePath, notice: document.querySelector('aside[aria-label="Demo shop"]') }).toEqual(
        { pagePath, notice: null },
      );
      expect(state.simulatedPayments).toBe(undefined);
    }
  });

  test('a plain-http site is not told to upgrade its requests to https', async () => {
    const { response } = await page(simulator, '/');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});

describe('a shop on PayPal serves none of the simulator', () => {
  let sandbox: IdentityApp;
  let demo: IdentityApp;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build`);
    [sandbox, demo] = await Promise.all([
      startIdentityApp(suite, {
        name: 'sandbox-shop',
        role: 'api',
        env: {
          PAYPAL_MODE: 'sandbox',
          PAYMENT_INTEGRATION: 'checkout',
          PAYPAL_CLIENT_ID: 'sandbox-client-id',
          PAYPAL_CLIENT_SECRET: 'sandbox-client-secret',
          PAYPAL_WEBHOOK_ID: 'SANDBOX-WEBHOOK-ID',
        },
      }),
      startDemoShop(),
    ]);
  }, 120_000);

  type Call = [method: string, path: string, options: RequestOptions];
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  const askToken = (id: string, secret: string): Call => [
    'POST',
    '/paypal-simulator/v1/oauth2/token',
    form(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    ),
  ];
  const sdk: Call = ['GET', '/paypal-simulator/sdk/js', {}];
  const resolutionCentre: Call = ['GET', '/paypal-simulator/resolutioncenter', {}];
  const postback: Call = [
    'POST',
    '/paypal-simulator/cgi-bin/webscr',
    form({ cmd: '_notify-validate', txn_id: '61E67681CH3238416' }),
  ];

  async function statuses(app: IdentityApp, calls: Call[]) {
    const client = app.client();
    const answers = [];
    for (const [method, path, options] of calls) {
      answers.push({ method, path, status: (await client.request(method, path, options)).status });
    }
    return answers;
  }
  const all = (answers: { method: string; path: string }[], status: number) =>
    answers.map(({ method, path }) => ({ method, path, status }));

  test('no simulator path answers, whatever the method or spelling: 404', async () => {
    const order = '5O190127TN364715T';
    const answers = await statuses(sandbox, [
      // What the buyer's browser asks for.
      sdk,
      ['GET', '/paypal-simulator/checkout/result.js', {}],
      ['GET', `/paypal-simulator/checkoutnow?token=${order}`, {}],
      ['POST', '/paypal-simulator/checkoutnow', form({ token: order, action: 'pay' })],
      ['POST', '/paypal-simulator/cgi-bin/webscr', form({ cmd: '_xclick', amount: '49.00' })],
      ['GET', '/paypal-simulator/cgi-bin/webscr?cmd=_xclick', {}],
      resolutionCentre,
      [
        'POST',
        '/paypal-simulator/resolutioncenter',
        form({ action: 'open', transaction_id: order }),
      ],
      // What the shop's PayPal adapter and its worker would call.
      askToken('sandbox-client-id', 'sandbox-client-secret'),
      ['POST', '/paypal-simulator/v2/checkout/orders', { json: { intent: 'CAPTURE' } }],
      ['GET', `/paypal-simulator/v2/checkout/orders/${order}`, {}],
      ['POST', `/paypal-simulator/v2/checkout/orders/${order}/capture`, { json: {} }],
      ['POST', '/paypal-simulator/v1/customer/disputes', { json: { transaction_id: order } }],
      ['POST', '/paypal-simulator/v1/customer/disputes/PP-D-1/adjudicate', { json: {} }],
      postback,
      // Other spellings of the same paths.
      ['GET', '/PayPal-Simulator/sdk/js', {}],
      ['POST', '/PAYPAL-SIMULATOR/cgi-bin/webscr', postback[2]],
      ['GET', '/paypal-simulator', {}],
    ]);
    expect(answers).toStrictEqual(all(answers, 404));
  });

  test('where a simulator-mode shop answers the same requests', async () => {
    // The SDK script, a token for its own credentials, the postback (INVALID: a message it never sent),
    // the Resolution Center.
    const answers = await statuses(demo, [
      sdk,
      resolutionCentre,
      askToken('simulator-client-id', 'simulator-client-secret'),
      postback,
    ]);
    expect(answers).toStrictEqual(all(answers, 200));
  });
});

describe('the sender of e-mails', () => {
  test('is no-reply on PUBLIC_URL’s host by default; start-up warns when that is local with a real SMTP server', async () => {
    // MAIL_FROM unset ('' is unset), SMTP_URL the test's real SMTP server, PUBLIC_URL 127.0.0.1.
    const shop = await startIdentityApp(suite, { name: 'default-sender', env: { MAIL_FROM: '' } });
    try {
      const host = new URL(shop.publicUrl).hostname;
      const warning = shop.app
        .logs()
        .find((line) => String(line.msg).startsWith('MAIL_FROM (SEO Agency <no-reply@'));
      expect(warning?.level).toBe('warn');
      expect(String(warning?.msg)).toContain(`no-reply@${host}>) is an address on ${host}`);

      // The newsletter's confirmation, as any e-mail, comes from that address.
      const email = `sender-${Date.now()}@example.test`;
      const subscribed = await shop.client().post('/api/subscribers', { subemail: email });
      assertStatus(subscribed, 202, 'subscribe');
      const mail = await suite.mailbox.waitFor((m) => m.envelopeTo.includes(email), 30_000);
      expect(mail.from).toStrictEqual([`no-reply@${host}`]);
    } finally {
      await shop.stop();
    }
  }, 90_000);
});
