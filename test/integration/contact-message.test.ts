/**
 * The contact form's backend end to end: HTTP → PostgreSQL (message + outbox) → BullMQ → SMTP.
 * Runs the built server as child processes against services found by test/support/services.ts
 * and a real SMTP server (test/support/mailbox.ts).
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/contact-message.test.ts
 *
 * DEBUG_APP=1 streams the app processes' output; it is printed anyway when a test fails.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import {
  type AppProcess,
  type StartAppOptions,
  describeExit,
  startApp,
} from '../support/app-process.js';
import { HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  fieldsOf,
  type Json,
  uid,
} from '../support/identity.js';
import { useIdentitySuite, usePerTestApps } from '../support/identity-suite.js';
import type { Mailbox, ReceivedMail } from '../support/mailbox.js';
import { pollUntil, withTimeout } from '../support/net.js';
import type { TestServices } from '../support/services.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { currentTestFailed } from '../support/test-state.js';

const MAIL_FROM_ADDRESS = 'hello@seo-agency.test';
const VISITOR_SUBJECT = 'We have received your message';

const suite = useIdentitySuite();
let services: TestServices;
let mailbox: Mailbox;
let db: pg.Pool;
/** Processes started by the running test: stopped after it. */
const testApps = usePerTestApps();

// The suite's, under the names these tests use (its hooks start and stop them).
beforeAll(() => {
  ({ services, mailbox, db } = suite);
});

// ---------------------------------------------------------------------------------------------
// helpers

interface Visit {
  id: string;
  adminEmails: string[];
  payload: { name: string; email: string; number: string; subject: string; message: string };
}

/** A visitor and admin addresses of their own, so tests never see each other's mail. */
function newVisit(): Visit {
  const id = uid();
  return {
    id,
    adminEmails: [`admin-${id}@seo-agency.test`, `owner-${id}@seo-agency.test`],
    payload: {
      name: 'Ada Lovelace',
      email: `visitor-${id}@example.test`,
      number: '+44 20 7946 0958',
      subject: `Website audit ${id}`,
      message: `Hello, I would like an SEO audit of my shop. Reference ${id}.`,
    },
  };
}

function appEnv(visit: Visit | undefined, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    SMTP_URL: mailbox.url,
    MAIL_FROM: `SEO Agency <${MAIL_FROM_ADDRESS}>`,
    ADMIN_EMAIL: (visit?.adminEmails ?? [`admin-${uid()}@seo-agency.test`]).join(','),
    LOG_LEVEL: 'info',
    OUTBOX_POLL_INTERVAL_MS: '200',
    JOB_BACKOFF_MS: '200',
    // All processes of the suite share one Redis: BullMQ's stalled-job check is skipped by every
    // worker while another one's check is recent (a key living for the stalled interval), so a
    // process with the 30 s default would delay the recovery the worker-kill test waits for.
    QUEUE_STALLED_INTERVAL_MS: '1000',
    // Every test posts from 127.0.0.1; the limits have tests of their own.
    CONTACT_MAX_PER_IP: '1000',
    ...extra,
  };
}

async function launch(options: StartAppOptions): Promise<AppProcess> {
  const app = await startApp(options);
  testApps.push(app);
  return app;
}

/** A new client per call: these tests keep no cookies. */
const clientOf = (app: AppProcess) => new HttpClient(app.baseUrl);

const postJson = (app: AppProcess, body: unknown) => clientOf(app).post('/api/messages', body);

/** A body sent as is, under the given content type. */
const postRaw = (app: AppProcess, body: string, contentType: string) =>
  clientOf(app).request('POST', '/api/messages', {
    body,
    headers: { 'content-type': contentType },
  });

const getHealth = (app: AppProcess, timeoutMs = 15_000) =>
  clientOf(app).get('/api/health', { timeoutMs });

interface MessageRow {
  id: string;
  name: string;
  email: string;
  number: string;
  subject: string;
  message: string;
  message_status: string;
  created_at: Date;
}

interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  occurred_at: Date;
  dispatched_at: Date | null;
  attempts: number;
  last_error: string | null;
}

async function messageRow(id: string): Promise<MessageRow | undefined> {
  const { rows } = await db.query<MessageRow>('SELECT * FROM message WHERE id = $1', [id]);
  return rows[0];
}

/** The outbox events whose payload mentions the message (whatever the payload's shape). */
async function outboxRowsFor(messageId: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    "SELECT * FROM outbox_event WHERE payload::text LIKE '%' || $1 || '%' ORDER BY occurred_at",
    [messageId],
  );
  return rows;
}

async function tableCounts(): Promise<{ messages: number; outbox: number }> {
  const { rows } = await db.query<{ messages: number; outbox: number }>(
    // MessageReceived only: the e-mails its handler asks for join the outbox later, on their own.
    `SELECT (SELECT count(*)::int FROM message) AS messages,
            (SELECT count(*)::int FROM outbox_event WHERE type = 'MessageReceived') AS outbox`,
  );
  const counts = rows[0];
  if (!counts) throw new Error('expected a row of counts');
  return counts;
}

const isAdminMail = (visit: Visit, adminEmail: string) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(adminEmail.toLowerCase()) &&
  mail.subject === `New message: ${visit.payload.subject}`;

const isVisitorMail = (visit: Visit) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(visit.payload.email.toLowerCase()) && mail.subject === VISITOR_SUBJECT;

/** A non-empty string (a field's error message). */
const aMessage = () => expect.stringMatching(/./s);

function assertAdminMail(mail: ReceivedMail, visit: Visit): void {
  // Reply-To is the visitor; From is MAIL_FROM.
  expect(mail.replyTo).toStrictEqual([visit.payload.email.toLowerCase()]);
  expect(mail.from).toContain(MAIL_FROM_ADDRESS);
  // The text part has the message; there is an HTML part.
  expect(mail.text).toContain(visit.payload.message);
  expect(mail.html?.length).toBeGreaterThan(0);
  // The visitor does not get the admin mail.
  expect(mail.envelopeTo).not.toContain(visit.payload.email);
  // Why it came: the reader is an admin.
  expect(oneLine(mail.text)).toContain(
    'You received this e-mail because you are an admin of the SEO Agency website.',
  );
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

function assertVisitorMail(mail: ReceivedMail, visit: Visit): void {
  // From is MAIL_FROM; there are a text part and an HTML part.
  expect(mail.from).toContain(MAIL_FROM_ADDRESS);
  expect(mail.text.trim().length).toBeGreaterThan(0);
  expect(mail.html?.length).toBeGreaterThan(0);
  // Anyone can type another person's address: the confirmation carries none of the visitor's text
  // (neither in the text part, nor in the HTML part, nor in the subject).
  for (const key of ['name', 'number', 'subject', 'message'] as const) {
    const posted = visit.payload[key];
    expect(mail.text).not.toContain(posted);
    expect(mail.html).not.toContain(posted);
    expect(mail.subject).not.toContain(posted);
  }
  // Why it came: the address was given in the contact form.
  expect(oneLine(mail.text)).toContain(
    'You received this e-mail because this address was given in a message sent through the contact form of the SEO Agency website.',
  );
}

async function waitForDispatch(messageId: string, timeoutMs: number): Promise<OutboxRow> {
  return pollUntil(
    async () => {
      const rows = await outboxRowsFor(messageId);
      const received = rows.find((row) => row.type === 'MessageReceived');
      return received?.dispatched_at ? received : undefined;
    },
    {
      timeoutMs,
      intervalMs: 200,
      what: `the MessageReceived outbox event of ${messageId} to be dispatched`,
    },
  );
}

function assertStoredMessage(result: HttpResponse, visit: Visit): Json {
  assertStatus(result, 201, 'POST /api/messages');
  const body = asObject(result.body, 'the 201 body');
  expect(String(body.id)).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  );
  // The body repeats each posted field.
  const { name, email, number, subject, message } = visit.payload;
  expect(body).toMatchObject({ name, email, number, subject, message });
  expect(body.messageStatus).toBe('UnRead');
  // createdAt is a date.
  expect(Date.parse(String(body.createdAt))).not.toBeNaN();
  return body;
}

// ---------------------------------------------------------------------------------------------

describe('one process with role all', () => {
  const admins = newVisit().adminEmails;
  let app: AppProcess;
  let sharedFailed = false;

  beforeAll(async () => {
    app = await startApp({
      role: 'all',
      name: 'all',
      env: appEnv({ ...newVisit(), adminEmails: admins }),
    });
  }, 90_000);

  afterAll(async () => {
    if (sharedFailed) app?.printOutput('a test of "one process with role all" failed');
    await app?.stop(5000);
  }, 30_000);

  afterEach(() => {
    if (currentTestFailed()) sharedFailed = true;
  });

  test('GET /api/health answers 200 with both checks up', async () => {
    const result = await getHealth(app);
    assertStatus(result, 200, 'GET /api/health');
    expect(result.body).toMatchObject({
      status: 'ok',
      checks: { database: 'up', redis: 'up', outbox: 'up' },
    });
  }, 20_000);

  describe('POST /api/messages rejects bad payloads and writes nothing', () => {
    const valid = () => newVisit().payload;
    const cases: {
      name: string;
      send: () => Promise<HttpResponse>;
      status: number;
      fields?: (fields: Record<string, string>) => void;
    }[] = [
      {
        name: 'a missing field (400, fields.name)',
        send: () => {
          const payload: Partial<Visit['payload']> = valid();
          delete payload.name;
          return postJson(app, payload);
        },
        status: 400,
        fields: (fields) => expect(fields.name).toBe('Name is Required'),
      },
      {
        name: 'an empty field (400, fields.subject)',
        send: () => postJson(app, { ...valid(), subject: '   ' }),
        status: 400,
        fields: (fields) => expect(fields.subject).toBe('Subject is Required'),
      },
      {
        name: 'wrong types: a number instead of a string (400, fields.number and fields.name)',
        send: () => postJson(app, { ...valid(), number: 5551234, name: 42 }),
        status: 400,
        fields: (fields) => expect(fields).toMatchObject({ number: aMessage(), name: aMessage() }),
      },
      {
        name: 'an unknown field (400 naming it)',
        send: () => postJson(app, { ...valid(), isAdmin: true }),
        status: 400,
        fields: (fields) => expect(fields).toMatchObject({ isAdmin: aMessage() }),
      },
      {
        name: 'an invalid e-mail (400, fields.email)',
        send: () => postJson(app, { ...valid(), email: 'not-an-email' }),
        status: 400,
        fields: (fields) => expect(fields.email).toBe('Provide a Valid Email'),
      },
      {
        name: 'several bad fields at once (400, each named)',
        send: () => postJson(app, { email: 'nope' }),
        status: 400,
        fields: (fields) =>
          expect(fields).toMatchObject({
            name: 'Name is Required',
            email: 'Provide a Valid Email',
            number: aMessage(),
            subject: aMessage(),
            message: aMessage(),
          }),
      },
      {
        name: 'an oversized body (413)',
        send: () => postJson(app, { ...valid(), message: 'x'.repeat(70 * 1024) }),
        status: 413,
      },
      {
        name: 'malformed JSON (400)',
        send: () => postRaw(app, '{"name": "Ada", "email": ', 'application/json'),
        status: 400,
      },
      {
        name: 'a JSON array instead of an object (400)',
        send: () => postJson(app, [valid()]),
        status: 400,
      },
      {
        name: 'a wrong content type (415)',
        send: () => postRaw(app, JSON.stringify(valid()), 'text/plain'),
        status: 415,
      },
      {
        name: 'a form-encoded body (415)',
        send: () =>
          postRaw(
            app,
            new URLSearchParams(valid()).toString(),
            'application/x-www-form-urlencoded',
          ),
        status: 415,
      },
    ];

    for (const testCase of cases) {
      test(
        testCase.name,
        async () => {
          const before = await tableCounts();
          const result = await testCase.send();
          const body = assertErrorBody(result, testCase.status);
          if (testCase.fields) testCase.fields(fieldsOf(body));
          // Give a wrongly accepted message the time to reach the tables.
          await sleep(300);
          // No message and no outbox row written.
          expect(await tableCounts()).toStrictEqual(before);
        },
        20_000,
      );
    }
  });

  test('happy path: 201, stored UnRead, outbox dispatched, admin and visitor e-mails sent', async () => {
    const visit = { ...newVisit(), adminEmails: admins };
    const result = await postJson(app, visit.payload);
    const body = assertStoredMessage(result, visit);
    const id = String(body.id);

    // The message row exists right after the 201.
    const { email, subject, message, number } = visit.payload;
    expect(await messageRow(id)).toMatchObject({
      message_status: 'UnRead',
      email,
      subject,
      message,
      number,
    });
    // A MessageReceived outbox event was written with the message.
    const outbox = await outboxRowsFor(id);
    expect(outbox).toContainEqual(expect.objectContaining({ type: 'MessageReceived' }));

    for (const adminEmail of visit.adminEmails) {
      const mail = await mailbox.waitFor(isAdminMail(visit, adminEmail), 30_000);
      assertAdminMail(mail, visit);
      // The link to the message in the admin inbox (/view/{id}), on a line of its own.
      expect(mail.text.split('\n')).toContainEqual(
        expect.stringMatching(new RegExp(`^https?://\\S+/view/${id}$`)),
      );
    }
    const confirmation = await mailbox.waitFor(isVisitorMail(visit), 30_000);
    assertVisitorMail(confirmation, visit);

    const dispatched = await waitForDispatch(id, 15_000);
    expect(dispatched.dispatched_at).toBeInstanceOf(Date);

    await sleep(1000);
    // One mail to each admin, one confirmation.
    for (const adminEmail of visit.adminEmails) {
      expect(mailbox.find(isAdminMail(visit, adminEmail))).toHaveLength(1);
    }
    expect(mailbox.find(isVisitorMail(visit))).toHaveLength(1);
  }, 60_000);
});

test('Redis down: the message is still accepted, health says redis down, mails go out once it is back', async () => {
  const target = new URL(services.redisUrl);
  const proxy = await startTcpProxy({
    targetHost: target.hostname,
    targetPort: Number(target.port || 6379),
  });
  try {
    const visit = newVisit();
    const app = await launch({
      role: 'all',
      name: 'all-redis-proxy',
      env: appEnv(visit, { REDIS_URL: proxy.proxiedUrl(services.redisUrl) }),
    });

    await proxy.pause();
    const result = await postJson(app, visit.payload);
    const body = assertStoredMessage(result, visit);
    const id = String(body.id);

    // The message is stored while Redis is down.
    expect(await messageRow(id)).toMatchObject({ message_status: 'UnRead' });

    const health = await pollUntil(
      async () => {
        const answer = await getHealth(app, 10_000);
        return answer.status === 503 ? answer : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 500, what: 'GET /api/health to answer 503' },
    );
    // The message's event is owed meanwhile; the queues cannot be counted.
    expect(health.body).toStrictEqual({
      status: 'error',
      checks: { database: 'up', redis: 'down', outbox: 'up' },
      outbox: expect.objectContaining({
        backlog: expect.any(Number),
        oldestAgeSeconds: expect.any(Number),
      }),
      queues: null,
    });
    expect((health.body as { outbox: { backlog: number } }).outbox.backlog).toBeGreaterThan(0);

    // Several outbox polls later, the event is still waiting.
    await sleep(1500);
    const pending = (await outboxRowsFor(id)).find((event) => event.type === 'MessageReceived');
    // The MessageReceived outbox event exists, and it is not dispatched while Redis is down.
    expect(pending).toMatchObject({ dispatched_at: null });
    // No mail went out yet.
    expect(mailbox.find(isVisitorMail(visit))).toHaveLength(0);

    await proxy.resume();
    for (const adminEmail of visit.adminEmails) {
      assertAdminMail(await mailbox.waitFor(isAdminMail(visit, adminEmail), 60_000), visit);
    }
    assertVisitorMail(await mailbox.waitFor(isVisitorMail(visit), 60_000), visit);
    await waitForDispatch(id, 15_000);

    await pollUntil(
      async () => {
        const answer = await getHealth(app, 5000);
        return answer.status === 200 ? answer : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'GET /api/health to answer 200 again' },
    );
    await sleep(1000);
    // One mail to each admin.
    for (const adminEmail of visit.adminEmails) {
      expect(mailbox.find(isAdminMail(visit, adminEmail))).toHaveLength(1);
    }
  } finally {
    await proxy.close();
  }
}, 120_000);

test('a worker SIGKILLed in the middle of sending: a new worker delivers the mail exactly once', async () => {
  const visit = newVisit();
  visit.adminEmails = visit.adminEmails.slice(0, 1);
  const [adminEmail] = visit.adminEmails;
  if (!adminEmail) throw new Error('expected an admin address');
  const env = appEnv(visit, {
    QUEUE_LOCK_DURATION_MS: '2000',
    QUEUE_STALLED_INTERVAL_MS: '1000',
    JOB_BACKOFF_MS: '200',
  });
  const api = await launch({ role: 'api', name: 'api', env });
  const firstWorker = await launch({ role: 'worker', name: 'worker-1', env });

  const ours = [adminEmail.toLowerCase(), visit.payload.email.toLowerCase()];
  const hang = mailbox.hangNext(1, (to) => to.some((address) => ours.includes(address)));
  try {
    const result = await postJson(api, visit.payload);
    assertStoredMessage(result, visit);

    const held = await withTimeout(hang.started, 30_000, 'the first e-mail to reach the mailbox');
    const killed = await firstWorker.kill();
    // worker-1 ended by SIGKILL.
    expect(describeExit(killed)).toBe('signal SIGKILL');
    // Its SMTP connection dies with it; only then is the held delivery answered, so it is lost.
    await withTimeout(held.closed, 10_000, "the killed worker's SMTP connection to close");
    hang.release();
    // Nothing delivered yet.
    expect(mailbox.find(isAdminMail(visit, adminEmail))).toHaveLength(0);

    await launch({ role: 'worker', name: 'worker-2', env });
    const adminMail = await mailbox.waitFor(isAdminMail(visit, adminEmail), 60_000);
    assertAdminMail(adminMail, visit);
    assertVisitorMail(await mailbox.waitFor(isVisitorMail(visit), 60_000), visit);

    // Leave time for a duplicate to show up (retries run with a 200 ms backoff).
    await sleep(3000);
    // Exactly one delivered copy of the admin notification, exactly one confirmation.
    expect(mailbox.find(isAdminMail(visit, adminEmail))).toHaveLength(1);
    expect(mailbox.find(isVisitorMail(visit))).toHaveLength(1);
    expect(held.envelopeTo.length).toBeGreaterThan(0);
  } finally {
    hang.release();
  }
}, 150_000);

test('SIGTERM stops a role-all process gracefully with exit code 0', async () => {
  const visit = newVisit();
  const app = await launch({ role: 'all', name: 'all-sigterm', env: appEnv(visit) });
  // Some work first, so that the HTTP server, the DB pool, the queue and the worker are all in use.
  assertStoredMessage(await postJson(app, visit.payload), visit);
  await mailbox.waitFor(isVisitorMail(visit), 30_000);

  const stopped = await app.stop(15_000);
  // It exited on SIGTERM without needing SIGKILL, by itself (not by a signal), with code 0,
  // in less than 5 s.
  expect(stopped).toMatchObject({ forced: false, signal: null, code: 0 });
  expect(stopped.durationMs).toBeLessThan(5000);
}, 60_000);

describe('the contact form is no relay', () => {
  const admins = newVisit().adminEmails;
  let app: AppProcess;

  beforeAll(async () => {
    app = await startApp({
      role: 'all',
      name: 'all-limits',
      env: appEnv(
        { ...newVisit(), adminEmails: admins },
        // Clients come through a proxy on 127.0.0.1 that names them (`true` is refused).
        { TRUST_PROXY: '127.0.0.1', CONTACT_MAX_PER_IP: '3', CONTACT_MAX_PER_SENDER: '2' },
      ),
    });
  }, 90_000);

  afterAll(() => app?.stop(5000), 30_000);

  /** A post from a client address of its own (the app trusts X-Forwarded-For here). */
  async function postFrom(ip: string, payload: object, path = '/api/messages') {
    const client = new HttpClient(app.baseUrl, { 'x-forwarded-for': ip });
    const response = await client.post(path, payload);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: asObject(response.body, `the ${response.status} body`),
    };
  }

  function assertTooMany(result: Awaited<ReturnType<typeof postFrom>>) {
    expect({ status: result.status, body: result.body }).toStrictEqual({
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many messages were sent. Please try again later.',
      },
    });
    // Retry-After in whole seconds.
    expect(result.retryAfter ?? '').toMatch(/^[1-9]\d*$/);
  }

  test('over the per-IP limit (one IP, a new sender address each time): 429 with Retry-After, nothing stored', async () => {
    for (let index = 0; index < 3; index++) {
      expect((await postFrom('203.0.113.10', newVisit().payload)).status).toBe(201);
    }
    const before = await tableCounts();
    assertTooMany(await postFrom('203.0.113.10', newVisit().payload));
    // No message and no outbox row.
    expect(await tableCounts()).toStrictEqual(before);
    // Another client is not limited.
    expect((await postFrom('203.0.113.11', newVisit().payload)).status).toBe(201);
  });

  test("the old site's POST /api/add-message counts alike: 429 with Retry-After", async () => {
    const post = () =>
      postFrom(
        '203.0.113.20',
        { ...newVisit().payload, messageStatus: 'UnRead' },
        '/api/add-message',
      );
    for (let index = 0; index < 3; index++) expect((await post()).status).toBe(201);
    assertTooMany(await post());
  });

  /** `visitor-…@example.test` as `Visitor-…+tag@EXAMPLE.test`: the same mailbox. */
  const tagged = (email: string, tag: string) => {
    const [local = '', domain = ''] = email.split('@');
    return `${local.replace(/^v/, 'V')}+${tag}@${domain.toUpperCase()}`;
  };

  test('the per-sender limit counts +tag and case variants of an address as one sender: 429, nothing stored', async () => {
    const { payload } = newVisit();
    const ip = '198.51.100.1';
    expect((await postFrom(ip, payload)).status).toBe(201);
    expect((await postFrom(ip, { ...payload, email: tagged(payload.email, 'a') })).status).toBe(
      201,
    );
    const before = await tableCounts();
    // The third post from this IP is within its per-IP limit (3): the sender limit (2) refuses it.
    assertTooMany(await postFrom(ip, { ...payload, email: tagged(payload.email, 'b') }));
    // No message and no outbox row.
    expect(await tableCounts()).toStrictEqual(before);
  });

  test('posts made as someone from one IP do not keep them from writing from another', async () => {
    const victim = newVisit().payload;
    const attacker = '198.51.100.2';
    expect((await postFrom(attacker, victim)).status).toBe(201);
    expect((await postFrom(attacker, victim)).status).toBe(201);
    assertTooMany(await postFrom(attacker, victim));
    // The real sender, from their own (clean) address, gets through: stored and told to the admins.
    const own = await postFrom('198.51.100.3', { ...victim, subject: `Mine ${uid()}` });
    expect(own.status).toBe(201);
    expect(await messageRow(String(own.body.id))).toBeDefined();
  });

  test('a filled-in honeypot is answered like a message but neither stored nor mailed', async () => {
    const before = await tableCounts();
    const result = await postFrom('192.0.2.50', {
      ...newVisit().payload,
      website: 'http://spam.test',
    });
    // The body stands beside the status, so that a failure shows it.
    expect({ status: result.status, body: result.body }).toStrictEqual({
      status: 201,
      body: result.body,
    });
    expect(result.body.messageStatus).toBe('UnRead');
    // No message row; no message and no outbox row, so no e-mail.
    expect(await messageRow(String(result.body.id))).toBeUndefined();
    expect(await tableCounts()).toStrictEqual(before);
  });

  test('one confirmation per sender address and day (+tag variants included); the admins get every message', async () => {
    const first = newVisit();
    const second: Visit = {
      ...first,
      payload: { ...first.payload, subject: `Follow-up ${uid()}`, message: 'A second question.' },
    };
    const third: Visit = {
      ...first,
      payload: {
        ...first.payload,
        email: tagged(first.payload.email, 'again'),
        subject: `Third ${uid()}`,
        message: 'A third question.',
      },
    };
    expect((await postFrom('192.0.2.60', first.payload)).status).toBe(201);
    expect((await postFrom('192.0.2.61', second.payload)).status).toBe(201);
    expect((await postFrom('192.0.2.62', third.payload)).status).toBe(201);
    for (const visit of [first, second, third]) {
      for (const admin of admins) {
        assertAdminMail(await mailbox.waitFor(isAdminMail(visit, admin), 60_000), visit);
      }
    }
    const confirmation = await mailbox.waitFor(isVisitorMail(first), 60_000);
    assertVisitorMail(confirmation, first);
    assertVisitorMail(confirmation, second);
    // Once nothing is owed any more, nothing else can be sent.
    await pollUntil(
      async () => {
        const { rows } = await db.query<{ owed: number }>(
          'SELECT count(*)::int AS owed FROM outbox_event WHERE completed_at IS NULL AND failed_at IS NULL',
        );
        return rows[0]!.owed === 0;
      },
      { timeoutMs: 30_000, what: 'every outbox row to be confirmed' },
    );
    // One confirmation for three messages, none to the tagged address.
    expect(mailbox.find(isVisitorMail(third))).toHaveLength(0);
    expect(mailbox.find(isVisitorMail(first))).toHaveLength(1);
  });
});
