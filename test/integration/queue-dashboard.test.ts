/**
 * The queue dashboard (Bull Board at /admin/queues) against the built server, real PostgreSQL, Redis and
 * SMTP: an admin sees the page and every queue through its API, retries a failed job (an e-mail the SMTP
 * server refused, which the retry then delivers) and removes one, each written to the audit log once;
 * every other write of the board is refused (a forged job posted to its add route does nothing); a job
 * added straight to Redis with no outbox row behind it is refused by its consumer; visitors (401, or the
 * login page for a browser, which brings an admin back) and customers (403, a page saying so for a
 * browser) are refused on every path under it, however spelt; the board links back to the admin area; a
 * cross-site retry is refused and changes nothing.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/queue-dashboard.test.ts
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import { QUEUE_DASHBOARD_PATH } from '../../src/contracts/queue-dashboard.js';
import { READ_ONLY_MESSAGE } from '../../src/modules/ops/queue-dashboard/failed-job-actions.js';
import { defaultQueuePrefix } from '../../src/platform/config/app-config.js';
import { QUEUES } from '../../src/queues.js';
import { type HttpClient } from '../support/http-client.js';
import { asObject, assertStatus, type Json, mailTo, uid } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { pollUntil } from '../support/net.js';
import { type RawResponse, rawHttpRequest } from '../support/raw-http.js';

const API = `${QUEUE_DASHBOARD_PATH}/api/queues`;
const CONFIRMATION_SUBJECT = 'We have received your message';

interface BoardJob {
  id: string;
  data: Record<string, unknown>;
  failedReason?: string;
}

const world = useWorld({
  name: 'queue-dashboard',
  simulateClientIps: true,
  env: { JOB_ATTEMPTS: '1' },
});
const suite = world;
const { adminEmail } = world;

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

  const jobState = async (id: string, queue: string = QUEUES.mail) => {
    const response = await admin.get(`${API}/${queue}/${encodeURIComponent(id)}`);
    return response.status === 404 ? 'gone' : String(asObject(response.body, 'the job').status);
  };

  /** The audit entries of one kind about one job. */
  const auditOf = async (kind: string, jobId: string) =>
    (
      await suite.db.query<{ actor_email: string; target_type: string }>(
        'SELECT actor_email, target_type FROM audit_entry WHERE kind = $1 AND target_id = $2',
        [kind, jobId],
      )
    ).rows;

  const paymentStatusOf = async (orderId: string) =>
    (
      await suite.db.query<{ payment_status: string }>(
        'SELECT payment_status FROM "order" WHERE id = $1',
        [orderId],
      )
    ).rows[0]?.payment_status;

  /** A new customer's unpaid Premium order, once its OrderPlaced event has been handled. */
  async function unpaidOrder(): Promise<{ orderId: string; placedEventId: string }> {
    const { id: orderId } = await world.order();
    const placedEventId = await pollUntil(
      async () =>
        (
          await suite.db.query<{ id: string }>(
            `SELECT id FROM outbox_event WHERE type = 'OrderPlaced'
               AND payload->>'orderId' = $1 AND completed_at IS NOT NULL`,
            [orderId],
          )
        ).rows[0]?.id,
      { timeoutMs: 20_000, what: 'the OrderPlaced event to be handled' },
    );
    expect(await paymentStatusOf(orderId)).toBe('UnPaid');
    return { orderId, placedEventId };
  }

  /** What a forged "payment verified" event for an order looks like. */
  const forgedPayment = (orderId: string) => {
    const id = randomUUID();
    return {
      id,
      type: 'PaymentVerified',
      occurredAt: new Date().toISOString(),
      payload: { orderId, notificationId: null, txnId: `FORGED-${id}`, amount: '499.00' },
    };
  };

  /** The app's queues, reached straight through Redis as anyone holding its address could. */
  let queueEvents: (name: string) => QueueEvents;
  let redisQueues: { queue: (name: string) => Queue; close: () => Promise<void> };

  afterAll(async () => {
    await redisQueues?.close();
  });

  beforeAll(async () => {
    const connection = { url: suite.services.redisUrl };
    const prefix = defaultQueuePrefix(suite.services.databaseUrl);
    const opened: (Queue | QueueEvents)[] = [];
    const queues = new Map<string, Queue>();
    redisQueues = {
      queue: (name) => {
        let queue = queues.get(name);
        if (!queue) {
          queue = new Queue(name, { connection, prefix });
          queues.set(name, queue);
          opened.push(queue);
        }
        return queue;
      },
      close: async () => {
        await Promise.all(opened.map((each) => each.close()));
      },
    };
    queueEvents = (name) => {
      const events = new QueueEvents(name, { connection, prefix });
      opened.push(events);
      return events;
    };
    api = world.api;
    admin = await world.admin();
    customer = (await world.customer()).client;
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

  test('sends a signed-out browser to the login page (and back), and answers others with 401', async () => {
    const browser = await raw('GET', QUEUE_DASHBOARD_PATH, undefined, {
      accept: 'text/html,application/xhtml+xml',
    });
    expect({ status: browser.status, location: browser.headers.location }).toStrictEqual({
      status: 303,
      location: '/login?next=%2Fadmin%2Fqueues',
    });
    // The board's API is not navigated to: a 401 body.
    const fetched = await raw('GET', API, undefined, { accept: 'application/json' });
    expect(fetched.status).toBe(401);
  });

  test("shows a customer's browser a page saying the board is for admins, not the API's JSON", async () => {
    for (const target of [QUEUE_DASHBOARD_PATH, `${QUEUE_DASHBOARD_PATH}/queue/${QUEUES.mail}`]) {
      const page = await raw('GET', target, customer, {
        accept: 'text/html,application/xhtml+xml',
      });
      expect({ target, status: page.status, type: page.headers['content-type'] }).toStrictEqual({
        target,
        status: 403,
        type: 'text/html; charset=utf-8',
      });
      expect(page.body).toContain('<h1>You don&#39;t have any permission</h1>');
      expect(page.body).toContain('<a class="primary" href="/dashboard">Go to your dashboard</a>');
      // Nothing of the board (nor its link to the admin area), and no JSON.
      expect(page.body).not.toContain('__UI_CONFIG__');
      expect(page.body).not.toContain('href="/admin"');
      expect(page.body).not.toContain('"statusCode"');
    }
    // Its API, fetched rather than navigated to, still answers JSON.
    const fetched = await raw('GET', API, customer, { accept: 'application/json' });
    expect({ status: fetched.status, body: fetched.json }).toMatchObject({
      status: 403,
      body: { statusCode: 403 },
    });
  });

  test('links the board back to the admin area', async () => {
    const page = await admin.get(QUEUE_DASHBOARD_PATH, { headers: { accept: 'text/html' } });
    assertStatus(page, 200, `GET ${QUEUE_DASHBOARD_PATH}`);
    // A visible link first in the page, and the board's own menu and title.
    expect(page.text).toMatch(/<body[^>]*>\s*<a class="seo-admin-return" href="\/admin">/);
    const config = JSON.parse(
      /<script id="__UI_CONFIG__" type="application\/json">([^<]*)<\/script>/.exec(
        page.text,
      )?.[1] ?? '{}',
    ) as { boardTitle?: string; miscLinks?: { text: string; url: string }[] };
    expect(config.boardTitle).toBe('SEO Agency queues');
    expect(config.miscLinks).toContainEqual({ text: 'Admin panel', url: '/admin' });
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
    // One audit entry names the admin and the job.
    expect(await auditOf('queue-job.retried', job.id)).toStrictEqual([
      { actor_email: adminEmail, target_type: `queue:${QUEUES.mail}` },
    ]);

    // Its work is done: the board does not run it again.
    await pollUntil(async () => (await jobState(job.id)) === 'gone' || undefined, {
      timeoutMs: 20_000,
      what: 'the sent e-mail’s job to be forgotten',
    });
    const again = await raw('PUT', `${API}/${QUEUES.mail}/${job.id}/retry`, admin, fromTheSite());
    expect(again.status).toBe(404);
    expect(await auditOf('queue-job.retried', job.id)).toHaveLength(1);
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

    expect(await auditOf('queue-job.removed', job.id)).toStrictEqual([]);

    const cleaned = await raw('PUT', `${target}/clean`, admin, fromTheSite());
    expect(cleaned.status).toBe(204);
    expect(await jobState(job.id)).toBe('gone');
    expect(await auditOf('queue-job.removed', job.id)).toStrictEqual([
      { actor_email: adminEmail, target_type: `queue:${QUEUES.mail}` },
    ]);
  });

  test('refuses every other write: a job posted to its add route is 403 and nothing runs', async () => {
    const { orderId, placedEventId } = await unpaidOrder();
    const events = redisQueues.queue(QUEUES.domainEvents);
    const countsBefore = await events.getJobCounts();
    const forged = forgedPayment(orderId);
    const json = (body: object) => ({ 'content-type': 'application/json', body });
    const DE = `${API}/${QUEUES.domainEvents}`;
    const writes: [string, string, ReturnType<typeof json>?][] = [
      ['POST', `${DE}/add`, json({ name: 'PaymentVerified', data: forged, options: {} })],
      [
        'POST',
        `${API}/${QUEUES.mail}/add`,
        json({
          name: 'passwordReset',
          data: { template: 'passwordReset', to: 'anyone@example.test', props: {} },
          options: {},
        }),
      ],
      ['PATCH', `${DE}/${placedEventId}/update-data`, json({ data: forged })],
      ['PATCH', `${DE}/${placedEventId}/delay`, json({ delay: 1000 })],
      ['PATCH', `${DE}/${placedEventId}/priority`, json({ priority: 1 })],
      ['PUT', `${DE}/${placedEventId}/promote`],
      ['PUT', `${DE}/${placedEventId}/remove-unprocessed-children`],
      ['PUT', `${DE}/promote`],
      ['PUT', `${DE}/retry/failed`],
      ['PUT', `${DE}/retry/completed`],
      ['PUT', `${DE}/clean/completed`],
      ['PUT', `${DE}/clean/failed`],
      ['PUT', `${DE}/pause`],
      ['PUT', `${DE}/resume`],
      ['PUT', `${DE}/empty`],
      ['PUT', `${DE}/obliterate`],
      ['PUT', `${DE}/concurrency`, json({ concurrency: 1 })],
      ['PUT', `${DE}/rate-limit`, json({ max: 1, duration: 1000 })],
      ['PUT', `${DE}/rate-limit/release`],
      ['PUT', `${API}/pause`],
      ['PUT', `${API}/resume`],
      ['PUT', `${API}/${QUEUES.outboxMaintenance}/job-schedulers/sweep-settled-outbox/remove`],
      ['PUT', `${API}/${QUEUES.outboxMaintenance}/job-schedulers/sweep-settled-outbox/run`],
      ['PATCH', `${API}/${QUEUES.outboxMaintenance}/job-schedulers/sweep-settled-outbox`, json({})],
      ['POST', `${QUEUE_DASHBOARD_PATH}/api/metrics/history/purge`, json({})],
    ];
    const problems: string[] = [];
    for (const [method, target, body] of writes) {
      const response = await rawHttpRequest(api.app.port, {
        method,
        target,
        headers: {
          cookie: admin.cookieHeader(),
          ...fromTheSite(),
          ...(body ? { 'content-type': body['content-type'] } : {}),
        },
        body: body ? JSON.stringify(body.body) : undefined,
      });
      const message = (response.json as Json | undefined)?.message;
      // Unknown to this Bull Board (a 404) changes nothing either; anything else must be refused.
      if (response.status !== 404 && (response.status !== 403 || message !== READ_ONLY_MESSAGE)) {
        problems.push(`${method} ${target}: ${response.status} ${response.body.slice(0, 120)}`);
      }
    }
    // Writes that were not refused.
    expect(problems).toStrictEqual([]);

    // A job that is not failed is neither retried nor removed.
    for (const action of ['retry', 'clean']) {
      const response = await raw('PUT', `${DE}/${placedEventId}/${action}`, admin, fromTheSite());
      expect({ status: response.status, message: (response.json as Json).message }).toStrictEqual({
        status: 403,
        message: `Only a failed job can be retried or removed here; job ${placedEventId} is completed`,
      });
    }

    // Nothing happened: no job added or removed, no queue paused, the order still unpaid.
    expect(await events.getJobCounts()).toStrictEqual(countsBefore);
    expect(await events.isPaused()).toBe(false);
    expect(await jobState(placedEventId, QUEUES.domainEvents)).toBe('completed');
    expect(await paymentStatusOf(orderId)).toBe('UnPaid');
    expect(await auditOf('queue-job.retried', placedEventId)).toStrictEqual([]);
  });

  test('a job added straight to Redis with no outbox row behind it is refused: the order stays unpaid', async () => {
    const { orderId, placedEventId } = await unpaidOrder();
    const events = redisQueues.queue(QUEUES.domainEvents);
    const eventsDone = queueEvents(QUEUES.domainEvents);
    const mail = redisQueues.queue(QUEUES.mail);
    const mailDone = queueEvents(QUEUES.mail);
    await Promise.all([eventsDone.waitUntilReady(), mailDone.waitUntilReady()]);

    const forged = forgedPayment(orderId);
    const victim = `victim-${uid()}@example.test`;
    const resetMail = {
      template: 'passwordReset',
      to: victim,
      props: { resetUrl: 'http://evil.example/reset' },
    };
    // As the relay names jobs (by a row id that does not exist), as BullMQ names them, and by the id
    // of another queue's row.
    const jobs = [
      await events.add(forged.type, forged, { jobId: forged.id, attempts: 5 }),
      await events.add(forged.type, forged, { attempts: 5 }),
      await mail.add('passwordReset', resetMail, { jobId: randomUUID(), attempts: 5 }),
      await mail.add('passwordReset', resetMail, { jobId: placedEventId, attempts: 5 }),
    ];
    for (const job of jobs) {
      const done = job.queueName === QUEUES.mail ? mailDone : eventsDone;
      await expect(job.waitUntilFinished(done, 30_000)).rejects.toThrow(/^Refused: no outbox row/);
      // Failed for good at the first attempt, however many it was given.
      const failed = await (job.queueName === QUEUES.mail ? mail : events).getJob(job.id!);
      expect({ state: await failed?.getState(), attempts: failed?.attemptsMade }).toStrictEqual({
        state: 'failed',
        attempts: 1,
      });
    }
    expect(await paymentStatusOf(orderId)).toBe('UnPaid');
    const processed = await suite.db.query('SELECT 1 FROM processed_event WHERE event_id = $1', [
      forged.id,
    ]);
    expect(processed.rows).toStrictEqual([]);
    // The consumer was done with the e-mail jobs before they failed: nothing was sent.
    expect(suite.mailbox.find((received) => received.envelopeTo.includes(victim))).toStrictEqual(
      [],
    );
  });
});
