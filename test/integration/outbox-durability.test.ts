/**
 * The outbox loses nothing and does nothing twice: events and the e-mails they cause stay owed in
 * PostgreSQL until their consumers confirm them, whatever Redis forgets.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, test, type TestContext } from 'node:test';
import { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import {
  type AppProcess,
  printAppOutputs,
  resetAppOutputs,
  startApp,
} from '../support/app-process.js';
import { HttpClient } from '../support/http-client.js';
import { uid } from '../support/identity.js';
import { type Mailbox, type ReceivedMail, startMailbox } from '../support/mailbox.js';
import { pollUntil } from '../support/net.js';
import { type OwnRedis, startOwnRedis } from '../support/own-redis.js';
import { type TestServices, startServices } from '../support/services.js';

const CONFIRMATION_SUBJECT = 'We have received your message';

let services: TestServices;
let mailbox: Mailbox;
let db: pg.Pool;
const apps: AppProcess[] = [];

before(
  async () => {
    services = await startServices();
    mailbox = await startMailbox();
    db = new pg.Pool({ connectionString: services.databaseUrl, max: 3 });
    db.on('error', () => undefined);
  },
  { timeout: 180_000 },
);

after(
  async () => {
    await Promise.all(apps.splice(0).map((app) => app.stop(5000).catch(() => app.kill())));
    await db?.end().catch(() => undefined);
    await mailbox?.close().catch(() => undefined);
    await services?.stop();
  },
  { timeout: 60_000 },
);

afterEach(
  async (ctx) => {
    if ((ctx as TestContext & { passed?: boolean }).passed === false) {
      printAppOutputs(`after failed test "${ctx.name}"`);
    }
    resetAppOutputs();
    await Promise.all(apps.splice(0).map((app) => app.stop(5000).catch(() => app.kill())));
  },
  { timeout: 30_000 },
);

function appEnv(redisUrl: string, adminEmail: string, queuePrefix: string) {
  return {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    SMTP_URL: mailbox.url,
    ADMIN_EMAIL: adminEmail,
    LOG_LEVEL: 'info',
    OUTBOX_POLL_INTERVAL_MS: '200',
    OUTBOX_REDELIVER_AFTER_MS: '2000',
    JOB_BACKOFF_MS: '200',
    QUEUE_LOCK_DURATION_MS: '2000',
    QUEUE_STALLED_INTERVAL_MS: '1000',
    CONTACT_MAX_PER_IP: '100000',
  };
}

async function launch(env: Record<string, string>): Promise<AppProcess> {
  const app = await startApp({ role: 'all', env });
  apps.push(app);
  return app;
}

interface Sent {
  id: string;
  email: string;
  subject: string;
}

async function postMessage(app: AppProcess, run: string, index: number): Promise<Sent> {
  const email = `visitor-${run}-${index}@example.test`;
  const subject = `Audit ${run} #${index}`;
  const response = await new HttpClient(app.baseUrl).post('/api/messages', {
    name: 'Ada',
    email,
    number: '+44 20 7946 0958',
    subject,
    message: `Message ${index} of run ${run}`,
  });
  const body = response.body as { id?: string };
  assert.equal(response.status, 201, `message ${index}: ${JSON.stringify(body)}`);
  assert.ok(body.id);
  return { id: body.id, email, subject };
}

/** Posts messages `from`..`to-1`, a few at a time. */
async function postMany(app: AppProcess, run: string, from: number, to: number): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (let start = from; start < to; start += 8) {
    const batch = [];
    for (let index = start; index < Math.min(start + 8, to); index++) {
      batch.push(postMessage(app, run, index));
    }
    sent.push(...(await Promise.all(batch)));
  }
  return sent;
}

const adminMailOf = (admin: string, sent: Sent) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(admin) && mail.subject === `New message: ${sent.subject}`;
const confirmationOf = (sent: Sent) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(sent.email) && mail.subject === CONFIRMATION_SUBJECT;

async function owedRows(): Promise<number> {
  const { rows } = await db.query<{ owed: number }>(
    'SELECT count(*)::int AS owed FROM outbox_event WHERE completed_at IS NULL AND failed_at IS NULL',
  );
  return rows[0]!.owed;
}

async function failedRows(): Promise<string[]> {
  const { rows } = await db.query<{ last_error: string }>(
    'SELECT last_error FROM outbox_event WHERE failed_at IS NOT NULL',
  );
  return rows.map((row) => row.last_error);
}

/** Every row settled: nothing is left that could still be sent. */
const waitUntilSettled = () =>
  pollUntil(async () => (await owedRows()) === 0, {
    timeoutMs: 120_000,
    intervalMs: 250,
    what: 'every outbox row to be confirmed',
  });

test(
  'Redis SIGKILLed and restarted empty during a burst of contact posts: exactly one admin e-mail and one confirmation per stored message',
  { timeout: 300_000 },
  async () => {
    const run = uid();
    const admin = `admin-${run}@seo-agency.test`;
    // No persistence at all: the harshest loss of acknowledged writes (AOF everysec loses less).
    const redis: OwnRedis = await startOwnRedis();
    try {
      const app = await launch(appEnv(redis.url, admin, `durable-${run}`));
      const ours = (to: string[]) => to.some((address) => address.includes(run));
      // Five held deliveries fill the worker's mail slots, so the e-mails of the first half of the
      // burst wait in Redis when it dies.
      const hang = mailbox.hangNext(5, ours);

      const beforeKill = await postMany(app, run, 0, 60);
      await pollUntil(() => hang.held.length === 5, {
        timeoutMs: 60_000,
        what: 'five deliveries to be held',
      });
      await pollUntil(
        async () => {
          const { rows } = await db.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM outbox_event
             WHERE queue = 'mail' AND dispatched_at IS NOT NULL AND completed_at IS NULL`,
          );
          return rows[0]!.waiting > 20;
        },
        { timeoutMs: 60_000, what: 'e-mails acknowledged by Redis and waiting there' },
      );
      await redis.kill();

      const whileDown = await postMany(app, run, 60, 120);
      hang.release('accept');
      await redis.start();

      const sent = [...beforeKill, ...whileDown];
      const { rows } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM message WHERE id = ANY($1::uuid[])',
        [sent.map((message) => message.id)],
      );
      assert.equal(rows[0]!.count, 120, 'every accepted message is stored');

      for (const message of sent) {
        await mailbox.waitFor(adminMailOf(admin, message), 120_000);
        await mailbox.waitFor(confirmationOf(message), 120_000);
      }
      await waitUntilSettled();
      assert.deepEqual(await failedRows(), [], 'no row was given up');

      for (const message of sent) {
        assert.equal(
          mailbox.find(adminMailOf(admin, message)).length,
          1,
          `one admin e-mail for ${message.subject}`,
        );
        assert.equal(
          mailbox.find(confirmationOf(message)).length,
          1,
          `one confirmation to ${message.email}`,
        );
      }
      assert.ok(
        app
          .logs()
          .some((line) => line.msg === 'Outbox rows not confirmed in time were published again'),
        'the relay published again what Redis had lost',
      );
    } finally {
      await redis.close();
    }
  },
);

test(
  'an event or e-mail job delivered again after it was handled does nothing twice',
  { timeout: 120_000 },
  async () => {
    const run = uid();
    const admin = `admin-${run}@seo-agency.test`;
    const prefix = `replay-${run}`;
    const app = await launch(appEnv(services.redisUrl, admin, prefix));
    const [message] = await postMany(app, run, 0, 1);
    assert.ok(message);
    await mailbox.waitFor(adminMailOf(admin, message), 60_000);
    await mailbox.waitFor(confirmationOf(message), 60_000);
    await waitUntilSettled();

    const { rows: events } = await db.query<{ id: string; type: string; payload: unknown }>(
      `SELECT id, type, payload FROM outbox_event
       WHERE queue = 'domain-events' AND payload->>'messageId' = $1`,
      [message.id],
    );
    const [event] = events;
    assert.ok(event, 'the MessageReceived event');
    const { rows: mails } = await db.query<{ id: string; type: string; payload: { to: string } }>(
      `SELECT id, type, payload FROM outbox_event WHERE queue = 'mail' AND payload->>'to' = $1`,
      [message.email],
    );
    const [mail] = mails;
    assert.ok(mail, 'the confirmation e-mail row');
    assert.deepEqual(
      mail.payload,
      { template: 'messageReceivedConfirmation', to: message.email },
      'a sent e-mail row keeps only its template and recipient',
    );

    const connection = { url: services.redisUrl };
    const domainEvents = new Queue('domain-events', { connection, prefix });
    const mailQueue = new Queue('mail', { connection, prefix });
    const domainEventsDone = new QueueEvents('domain-events', { connection, prefix });
    const mailDone = new QueueEvents('mail', { connection, prefix });
    try {
      await Promise.all([domainEventsDone.waitUntilReady(), mailDone.waitUntilReady()]);
      // The same event again, as after Redis forgot that it had run it.
      const replayedEvent = await domainEvents.add(
        event.type,
        {
          id: event.id,
          type: event.type,
          occurredAt: new Date().toISOString(),
          payload: event.payload,
        },
        { jobId: `replay-${event.id}` },
      );
      await replayedEvent.waitUntilFinished(domainEventsDone, 30_000);
      // The same e-mail job again (sent jobs are removed from Redis, so its id is free).
      const replayedMail = await mailQueue.add(
        mail.type,
        { template: 'messageReceivedConfirmation', to: message.email, props: {} },
        { jobId: mail.id },
      );
      await replayedMail.waitUntilFinished(mailDone, 30_000);
    } finally {
      await Promise.all([
        domainEvents.close(),
        mailQueue.close(),
        domainEventsDone.close(),
        mailDone.close(),
      ]);
    }

    await waitUntilSettled();
    assert.equal(mailbox.find(adminMailOf(admin, message)).length, 1, 'one admin e-mail');
    assert.equal(mailbox.find(confirmationOf(message)).length, 1, 'one confirmation');
    const { rows: processed } = await db.query<{ handler: string }>(
      'SELECT handler FROM processed_event WHERE event_id = $1',
      [event.id],
    );
    assert.deepEqual(
      processed.map((row) => row.handler),
      ['NotifyMessageReceivedHandler'],
      'the handler is recorded once',
    );
  },
);

test(
  'the hourly sweep deletes rows settled longer ago than the retention, never owed ones',
  { timeout: 60_000 },
  async () => {
    const run = uid();
    const prefix = `sweep-${run}`;
    await launch(appEnv(services.redisUrl, `admin-${run}@seo-agency.test`, prefix));
    // Days since each row was completed or given up (null: still owed); all occurred 40 days ago.
    const rowsToMake = {
      oldSettled: { completed: 35, failed: null },
      oldFailed: { completed: null, failed: 35 },
      recentSettled: { completed: 1, failed: null },
      oldOwed: { completed: null, failed: null },
    };
    const ids: Record<string, string> = {};
    for (const [key, ago] of Object.entries(rowsToMake)) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO outbox_event (id, queue, type, payload, occurred_at, completed_at, failed_at)
         VALUES (gen_random_uuid(), 'domain-events', 'MessageReceived', '{}', now() - interval '40 days',
                 now() - make_interval(days => $1), now() - make_interval(days => $2))
         RETURNING id`,
        [ago.completed, ago.failed],
      );
      const id = rows[0]!.id;
      ids[key] = id;
      await db.query(`INSERT INTO processed_event (event_id, handler) VALUES ($1, 'SomeHandler')`, [
        id,
      ]);
    }

    const connection = { url: services.redisUrl };
    const queue = new Queue('outbox-maintenance', { connection, prefix });
    const done = new QueueEvents('outbox-maintenance', { connection, prefix });
    try {
      await done.waitUntilReady();
      const job = await queue.add('sweep-settled-outbox', {});
      assert.deepEqual(await job.waitUntilFinished(done, 30_000), { rows: 2 });
    } finally {
      await Promise.all([queue.close(), done.close()]);
    }

    const { rows } = await db.query<{ id: string }>(
      'SELECT event_id AS id FROM processed_event WHERE event_id = ANY($1::uuid[])',
      [Object.values(ids)],
    );
    const { rows: kept } = await db.query<{ id: string }>(
      'SELECT id FROM outbox_event WHERE id = ANY($1::uuid[])',
      [Object.values(ids)],
    );
    const expected = [ids.recentSettled, ids.oldOwed].sort();
    assert.deepEqual(kept.map((row) => row.id).sort(), expected, 'the outbox rows kept');
    assert.deepEqual(rows.map((row) => row.id).sort(), expected, 'their processed records kept');
  },
);
