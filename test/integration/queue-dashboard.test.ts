/**
 * The queue dashboard (Bull Board at /admin/queues) against the built server, real PostgreSQL, Redis and
 * SMTP: an admin sees the page and every queue through its API, retries a failed job (an e-mail the SMTP
 * server refused, which the retry then delivers) and cleans one; visitors (401, or the login page for a
 * browser) and customers (403) are refused on every path under it, however spelt; a cross-site retry is
 * refused and changes nothing.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/queue-dashboard.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { QUEUE_DASHBOARD_PATH } from '../../src/contracts/queue-dashboard.js';
import { QUEUES } from '../../src/platform/queue/queue-names.js';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertStatus,
  createAccount,
  type Json,
  loginOk,
  mailTo,
  strongPassword,
  uid,
} from '../support/identity.js';
import { type IdentityApp, startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';
import { pollUntil } from '../support/net.js';
import { type RawResponse, rawHttpRequest } from '../support/raw-http.js';

const suite = useIdentitySuite();

const adminEmail = `admin-${uid()}@seo-agency.test`;
const adminPassword = strongPassword();
const API = `${QUEUE_DASHBOARD_PATH}/api/queues`;
const CONFIRMATION_SUBJECT = 'We have received your message';

interface BoardJob {
  id: string;
  data: Record<string, unknown>;
  failedReason?: string;
}

describe('the queue dashboard', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let customer: HttpClient;
  /** The page's stylesheet, as the page names it. */
  let stylesheet: string;

  /** One request exactly as written (the target is not normalised), with a client's cookies. */
  const raw = (
    method: string,
    target: string,
    client?: HttpClient,
    headers: Record<string, string> = {},
  ): Promise<RawResponse> =>
    rawHttpRequest(api.app.port, {
      method,
      target,
      headers: { ...(client ? { cookie: client.cookieHeader() } : {}), ...headers },
    });

  /** Headers of a request the board's own page sends (same origin). */
  const fromTheSite = () => ({ origin: api.publicUrl, 'sec-fetch-site': 'same-origin' });

  /**
   * A visitor's contact message whose confirmation e-mail the SMTP server refuses (451): the mail job
   * fails for good (JOB_ATTEMPTS=1). Returns the sender and the failed job.
   */
  async function failedConfirmationMail(): Promise<{ sender: string; job: BoardJob }> {
    const sender = `visitor-${uid()}@example.test`;
    const hang = suite.mailbox.hangNext(1, (to) => to.includes(sender));
    const sent = await api.client().post('/api/messages', {
      name: 'Queue Tester',
      email: sender,
      number: '+1 555 0100',
      subject: 'Refused confirmation',
      message: 'Please tell me you got this.',
    });
    assertStatus(sent, 201, 'POST /api/messages');
    await hang.started;
    hang.release('reject');
    const job = await pollUntil(
      async () => (await failedMailJobs()).find((j) => j.data.to === sender),
      {
        timeoutMs: 20_000,
        what: `the confirmation to ${sender} to fail`,
      },
    );
    expect(suite.mailbox.find(mailTo(sender, CONFIRMATION_SUBJECT))).toStrictEqual([]);
    return { sender, job };
  }

  async function failedMailJobs(): Promise<BoardJob[]> {
    const response = await admin.get(
      `${API}?activeQueue=${QUEUES.mail}&status=failed&page=1&jobsPerPage=50`,
    );
    assertStatus(response, 200, 'the board lists the failed e-mails');
    const queues = asObject(response.body, 'the board').queues as (Json & { jobs: BoardJob[] })[];
    return queues.find((queue) => queue.name === QUEUES.mail)?.jobs ?? [];
  }

  const jobState = async (id: string) => {
    const response = await admin.get(`${API}/${QUEUES.mail}/${encodeURIComponent(id)}`);
    return response.status === 404 ? 'gone' : String(asObject(response.body, 'the job').status);
  };

  beforeAll(async () => {
    api = await startIdentityApp(suite, {
      name: 'queue-dashboard',
      adminEmail,
      adminPassword,
      simulateClientIps: true,
      env: { JOB_ATTEMPTS: '1' },
    });
    admin = api.client();
    await loginOk(admin, adminEmail, adminPassword);
    customer = api.client();
    const account = await createAccount(customer, suite.mailbox, api.publicUrl);
    await loginOk(customer, account.email, account.password);
  }, 120_000);

  test('shows an admin the board, which lists every queue of the product', async () => {
    const page = await admin.get(QUEUE_DASHBOARD_PATH, { headers: { accept: 'text/html' } });
    assertStatus(page, 200, `GET ${QUEUE_DASHBOARD_PATH}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(`<base href="${QUEUE_DASHBOARD_PATH}/" />`);
    // Nothing is loaded from other sites (the content security policy would refuse it).
    expect(page.text).not.toMatch(/(href|src)="https?:/);
    stylesheet = /href="(static\/css\/[^"]+\.css)"/.exec(page.text)?.[1] ?? '';
    const css = await admin.get(`${QUEUE_DASHBOARD_PATH}/${stylesheet}`);
    assertStatus(css, 200, 'the page’s stylesheet');
    expect(css.headers.get('content-type')).toContain('text/css');

    const board = await admin.get(`${API}?page=1&jobsPerPage=10`);
    assertStatus(board, 200, `GET ${API}`);
    const names = (asObject(board.body, 'the board').queues as Json[]).map((queue) => queue.name);
    expect([...names].sort()).toStrictEqual(Object.values(QUEUES).sort());
    // The SPA keeps /admin; /admin/queues is not its.
    const spa = await admin.get('/admin', { headers: { accept: 'text/html' } });
    expect(spa.text).not.toContain(`<base href="${QUEUE_DASHBOARD_PATH}/" />`);
  });

  test('refuses visitors (401) and customers (403) on every path under it, however spelt', async () => {
    const port = api.app.port;
    const reads = [
      QUEUE_DASHBOARD_PATH,
      `${QUEUE_DASHBOARD_PATH}/`,
      '/ADMIN/queues',
      '/Admin/Queues/api/queues',
      '/admin//queues/api/queues',
      '/admin/queues//api/queues',
      '/admin/./queues/api/queues',
      '/admin/x/../queues/api/queues',
      '/admin/%71ueues/api/queues',
      '/%61dmin/%71ueues',
      `${API}?page=1&jobsPerPage=10`,
      `${QUEUE_DASHBOARD_PATH}/queue/${QUEUES.mail}`,
      `${QUEUE_DASHBOARD_PATH}/static/css/main.css`,
      `http://127.0.0.1:${port}${API}`,
    ];
    const writes: [string, string][] = [
      ['PUT', `${API}/${QUEUES.mail}/1/retry`],
      ['PUT', `${API}/${QUEUES.mail}/1/clean`],
      ['PUT', `${API}/${QUEUES.mail}/retry/failed`],
      ['PUT', `${API}/${QUEUES.mail}/clean/failed`],
      ['POST', `${API}/${QUEUES.mail}/add`],
      ['PUT', `/ADMIN/queues/api/queues/${QUEUES.mail}/1/retry`],
      ['PUT', `/admin/%71ueues/api/queues/${QUEUES.mail}/1/retry`],
      ['PUT', `http://127.0.0.1:${port}${API}/${QUEUES.mail}/clean/failed`],
    ];
    const problems: string[] = [];
    const requests = [
      ...reads.map((target) => ['GET', target] as [string, string]),
      ['HEAD', QUEUE_DASHBOARD_PATH] as [string, string],
      ...writes,
    ];
    for (const [method, target] of requests) {
      for (const [who, client, status] of [
        ['a visitor', undefined, 401],
        ['a customer', customer, 403],
      ] as const) {
        const response = await raw(method, target, client, fromTheSite());
        const body = response.json as Json | undefined;
        const refused =
          response.status === status && (method === 'HEAD' || body?.statusCode === status);
        if (!refused) {
          problems.push(
            `${method} ${target} as ${who}: ${response.status} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    // Requests that got through (a failure lists them).
    expect(problems).toStrictEqual([]);
  });

  test('sends a signed-out browser to the login page, and answers others with 401', async () => {
    const browser = await raw('GET', QUEUE_DASHBOARD_PATH, undefined, {
      accept: 'text/html,application/xhtml+xml',
    });
    expect({ status: browser.status, location: browser.headers.location }).toStrictEqual({
      status: 303,
      location: '/login',
    });
    // The board's API is not navigated to: a 401 body.
    const fetched = await raw('GET', API, undefined, { accept: 'application/json' });
    expect(fetched.status).toBe(401);
  });

  test('lets an admin retry a failed job, which then does its work', async () => {
    const { sender, job } = await failedConfirmationMail();
    expect(job.failedReason).toMatch(/451/);

    // A customer cannot retry it.
    const refused = await raw(
      'PUT',
      `${API}/${QUEUES.mail}/${job.id}/retry`,
      customer,
      fromTheSite(),
    );
    expect(refused.status).toBe(403);
    expect(await jobState(job.id)).toBe('failed');

    const retried = await raw('PUT', `${API}/${QUEUES.mail}/${job.id}/retry`, admin, fromTheSite());
    expect({ status: retried.status, body: retried.body }).toMatchObject({ status: 204 });
    // The retry sent the e-mail the SMTP server refused before.
    await suite.mailbox.waitFor(mailTo(sender, CONFIRMATION_SUBJECT), 20_000);
    await pollUntil(async () => (await jobState(job.id)) !== 'failed' || undefined, {
      timeoutMs: 20_000,
      what: 'the retried job to leave the failed jobs',
    });
  });

  test('refuses a cross-site retry or clean, however spelt; the site itself cleans a job', async () => {
    const { job } = await failedConfirmationMail();
    const target = `${API}/${QUEUES.mail}/${job.id}`;
    const port = api.app.port;
    const problems: string[] = [];
    for (const [action, spelled, headers] of [
      ['retry', `${target}/retry`, { origin: 'http://evil.example' }],
      ['retry', `${target}/retry`, { 'sec-fetch-site': 'cross-site' }],
      [
        'retry',
        `${target}/retry`.replace('/admin/', '/%61dmin/'),
        { origin: 'http://evil.example' },
      ],
      ['retry', `http://127.0.0.1:${port}${target}/retry`, { origin: 'http://evil.example' }],
      ['clean', `${target}/clean`, { origin: 'http://evil.example' }],
      ['clean', `${API}/${QUEUES.mail}/clean/failed`, { origin: 'null' }],
    ] as const) {
      const response = await raw('PUT', spelled, admin, headers);
      const message = (response.json as Json | undefined)?.message;
      if (response.status !== 403 || message !== 'Cross-origin request refused') {
        problems.push(`${action} ${spelled} ${JSON.stringify(headers)}: ${response.status}`);
      }
    }
    // Forged requests that got through.
    expect(problems).toStrictEqual([]);
    expect(await jobState(job.id)).toBe('failed');

    const cleaned = await raw('PUT', `${target}/clean`, admin, fromTheSite());
    expect(cleaned.status).toBe(204);
    expect(await jobState(job.id)).toBe('gone');
  });
});
