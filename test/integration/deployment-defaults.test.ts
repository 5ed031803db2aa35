/**
 * The defaults a deployment starts with, against the built server (`npm run build`: server and web):
 * production refuses to start without PAYPAL_MODE, with the simulator (unless a demo consents) and
 * with TRUST_PROXY=true, in one line naming the variable; a simulator-mode shop says on every page
 * that it is a demo where no real money moves (in the server-rendered markup of the public pages, and
 * in the state the SPA renders the others with), a shop on PayPal itself does not; the content
 * security policy of a plain-http site does not upgrade its requests to https.
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
import { asObject, assertStatus } from '../support/identity.js';
import { type IdentityApp, startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';

const suite = useIdentitySuite();

const SSR_ENTRY = path.join(REPO_ROOT, 'dist/web-ssr/entry-server.js');
const DEMO_TEXT = 'Demo shop: payments go to a PayPal simulator, and no real money moves.';

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
    // Outside production the simulator is the default: nothing to set.
    simulator = await startIdentityApp(suite, { name: 'demo-shop', role: 'api' });
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
