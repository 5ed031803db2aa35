/**
 * GET /api/metrics against the built server: requests are timed by route template (Nest and plain
 * Fastify routes, and unmatched ones under one label), a mail job that fails for good shows in the mail
 * queue's failed jobs and in the e-mails given up, a delivered e-mail and a forged IPN message are
 * counted (by the worker, read back by the API through Redis). Who may scrape: this machine on the
 * metrics' own listener (METRICS_PORT, bound to 127.0.0.1), and on the public port only a client with
 * METRICS_TOKEN: anyone else, this machine and a forged X-Forwarded-For included, signed in as an admin
 * or not, gets the 404 of an absent path. Other clients are simulated with X-Forwarded-For from
 * 127.0.0.1 (TRUST_PROXY).
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/metrics.test.ts
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  assertStatus,
  loginOk,
  MAIL_SUBJECTS,
  mailTo,
  register,
  strongPassword,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { getFreePort, pollUntil, probeTcp } from '../support/net.js';

let metricsPort: number;
const world = useWorld(async () => {
  metricsPort = await getFreePort();
  return {
    name: 'metrics',
    env: {
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      // Other clients come through a proxy on 127.0.0.1 that names them.
      TRUST_PROXY: '127.0.0.1',
      // A failed e-mail is given up at once.
      JOB_ATTEMPTS: '1',
    },
  };
});
const suite = world;

const TOKEN = `metrics-token-${uid()}${uid()}`;
const REMOTE_IP = '203.0.113.20';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/** `name{labels}` → value, for every sample line of an exposition. */
function samplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

describe('GET /api/metrics', () => {
  const { adminEmail, adminPassword } = world;
  let api: IdentityApp;
  /** The public port, from this machine: no X-Forwarded-For. */
  let local: HttpClient;
  /** The metrics' own listener. */
  let listener: HttpClient;

  async function scrape(): Promise<Map<string, number>> {
    const response = await listener.get('/metrics', { withoutCookies: true });
    assertStatus(response, 200, 'GET /metrics on METRICS_PORT');
    return samplesOf(response.text);
  }

  /** Scrapes until `sample` has `expected` (polling: the worker and the hook count after answering). */
  async function waitForSample(sample: string, expected: number): Promise<void> {
    await pollUntil(
      async () => {
        const value = (await scrape()).get(sample);
        // Quoted by pollUntil when it gives up.
        if (value !== expected) throw new Error(`${sample} is ${value}`);
        return true;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: `${sample} to be ${expected}` },
    );
  }

  beforeAll(async () => {
    api = world.api;
    local = new HttpClient(api.baseUrl);
    listener = new HttpClient(`http://127.0.0.1:${metricsPort}`);
  }, 120_000);

  test('times each request under its route template, never its URL', async () => {
    const admin =
      'http_request_duration_seconds_count{method="GET",route="/api/admin/messages/:id",status_code="401"}';
    const health =
      'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}';
    const unmatched =
      'http_request_duration_seconds_count{method="POST",route="unmatched",status_code="404"}';
    const before = await scrape();
    const id = randomUUID();
    const visitor = api.client();
    // A Nest route (refused: signed out), a plain Fastify route, and a path no route serves.
    assertStatus(await visitor.get(`/api/admin/messages/${id}`), 401, 'GET a message signed out');
    assertStatus(await visitor.get('/api/health'), 200, 'GET /api/health');
    const nowhere = `/api/nowhere/${uid()}`;
    assertStatus(await visitor.post(nowhere, {}), 404, `POST ${nowhere}`);

    await waitForSample(admin, (before.get(admin) ?? 0) + 1);
    await waitForSample(health, (before.get(health) ?? 0) + 1);
    await waitForSample(unmatched, (before.get(unmatched) ?? 0) + 1);
    const text = (await listener.get('/metrics')).text;
    // No label holds a requested URL.
    expect(text).not.toContain(id);
    expect(text).not.toContain(nowhere);
  });

  test('a mail job that fails for good shows in the mail queue and in the e-mails given up', async () => {
    const failedJobs = 'queue_jobs{queue="mail",state="failed"}';
    const emailsFailed = 'emails_failed_total';
    const before = await scrape();
    const email = uniqueEmail('refused');
    // The SMTP server answers this one's message with 451 (a temporary failure, but the last attempt).
    const hang = suite.mailbox.hangNext(1, (to) => to.includes(email));
    assertStatus(await register(api.client(), email, strongPassword()), 202, 'register');
    await hang.started;
    hang.release('reject');

    await waitForSample(failedJobs, (before.get(failedJobs) ?? 0) + 1);
    await waitForSample(emailsFailed, (before.get(emailsFailed) ?? 0) + 1);
    // The outbox gave its row up (settled): it is no longer owed.
    const { rows } = await suite.db.query<{ failed: boolean }>(
      `select failed_at is not null as failed from outbox_event
        where queue = 'mail' and payload->>'to' = $1`,
      [email],
    );
    expect(rows).toStrictEqual([{ failed: true }]);
    expect(suite.mailbox.find(mailTo(email, MAIL_SUBJECTS.verify))).toStrictEqual([]);
  });

  test('a delivered e-mail is counted once, by the worker, cluster-wide', async () => {
    const sent = 'emails_sent_total';
    const before = (await scrape()).get(sent) ?? 0;
    const email = uniqueEmail('delivered');
    assertStatus(await register(api.client(), email, strongPassword()), 202, 'register');
    await suite.mailbox.waitFor(mailTo(email, MAIL_SUBJECTS.verify), 20_000);
    await waitForSample(sent, before + 1);
  });

  test("IPN verifications are counted by PayPal's answer", async () => {
    const invalid = 'ipn_verifications_total{result="INVALID"}';
    const verified = 'ipn_verifications_total{result="VERIFIED"}';
    const before = await scrape();
    // A message PayPal (here its simulator) never sent: the verification answers INVALID.
    const posted = await api.client().request('POST', '/api/payments/paypal/ipn', {
      body: `txn_id=FORGED${uid()}&payment_status=Completed&custom=${randomUUID()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assertStatus(posted, 200, 'POST a forged IPN message');
    await waitForSample(invalid, (before.get(invalid) ?? 0) + 1);
    expect((await scrape()).get(verified)).toBe(before.get(verified));
  });

  describe('who may scrape', () => {
    const absent = (path: string) => ({
      statusCode: 404,
      error: 'Not Found',
      message: `No API route GET ${path}`,
    });
    const remote = (headers: Record<string, string> = {}) =>
      new HttpClient(api.baseUrl, { 'x-forwarded-for': REMOTE_IP, ...headers });
    const assertAbsent = (response: HttpResponse, what: string) => {
      assertStatus(response, 404, what);
      expect(response.body).toStrictEqual(absent('/api/metrics'));
    };

    test('METRICS_PORT serves this machine without a token, on 127.0.0.1 only', async () => {
      const response = await listener.get('/metrics');
      assertStatus(response, 200, 'GET /metrics on METRICS_PORT');
      expect(response.headers.get('content-type')).toBe(PROMETHEUS_TEXT);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
      expect(response.text).toMatch(/^process_cpu_user_seconds_total \d/m);
      // The public port's path works there too, and nothing else does.
      assertStatus(await listener.get('/api/metrics'), 200, 'GET /api/metrics on METRICS_PORT');
      assertStatus(await listener.get('/api/health'), 404, 'GET /api/health on METRICS_PORT');
      // Not bound to this machine's other addresses (where there is one to try).
      const outward = Object.values(os.networkInterfaces())
        .flatMap((addresses) => addresses ?? [])
        .filter((address) => address.family === 'IPv4' && !address.internal)
        .map((address) => address.address);
      for (const address of outward) {
        expect({ address, open: await probeTcp(address, metricsPort) }).toStrictEqual({
          address,
          open: false,
        });
      }
    });

    test('the public port serves no one without the token: not this machine, not a forged X-Forwarded-For', async () => {
      assertAbsent(await local.get('/api/metrics'), 'from 127.0.0.1 itself, no token');
      // A client writes the loopback address into X-Forwarded-For (the trusted proxy passes it on).
      for (const forged of ['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1']) {
        assertAbsent(
          await new HttpClient(api.baseUrl, { 'x-forwarded-for': forged }).get('/api/metrics'),
          `X-Forwarded-For: ${forged}`,
        );
      }
      const withToken = await local.get('/api/metrics', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assertStatus(withToken, 200, 'from 127.0.0.1 with METRICS_TOKEN');
    });

    test('another host gets the 404 of a path that does not exist', async () => {
      // What an absent path answers, for comparison.
      const missing = await remote().get('/api/metrics-absent');
      assertStatus(missing, 404, 'GET /api/metrics-absent from another host');
      expect(missing.body).toStrictEqual(absent('/api/metrics-absent'));

      assertAbsent(await remote().get('/api/metrics'), 'from another host, no token');
      assertAbsent(
        await remote({ authorization: 'Bearer wrong-token-wrong-token' }).get('/api/metrics'),
        'from another host, a wrong token',
      );
      assertAbsent(
        await remote({ authorization: `Basic ${TOKEN}` }).get('/api/metrics'),
        'from another host, the token in another scheme',
      );
      // A session is no key, not even an admin's.
      const admin = remote();
      await loginOk(admin, adminEmail, adminPassword);
      assertAbsent(await admin.get('/api/metrics'), 'from another host, signed in as an admin');
    });

    test('another host with the right token', async () => {
      const response = await remote({ authorization: `Bearer ${TOKEN}` }).get('/api/metrics');
      assertStatus(response, 200, 'from another host with METRICS_TOKEN');
      expect(response.headers.get('content-type')).toBe(PROMETHEUS_TEXT);
      expect(samplesOf(response.text).has('emails_sent_total')).toBe(true);
    });
  });

  // Last: it stops the app.
  test('on shutdown the metrics listener closes with the app, a scraper holding its connection or not', async () => {
    assertStatus(await listener.get('/metrics'), 200, 'a scrape that leaves its connection open');
    const stopped = await api.app.stop(10_000);
    expect(stopped).toMatchObject({ forced: false, signal: null, code: 0 });
    expect(await probeTcp('127.0.0.1', metricsPort)).toBe(false);
  });
});
