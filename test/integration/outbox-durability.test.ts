/**
 * The outbox loses nothing and does nothing twice: events and the e-mails they cause stay owed in
 * PostgreSQL until their consumers confirm them, whatever Redis forgets.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/outbox-durability.test.ts
 */
import { beforeAll, expect, test } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import type pg from 'pg';
import { type AppProcess, startApp } from '../support/app-process.js';
import { HttpClient } from '../support/http-client.js';
import { assertStatus, uid } from '../support/identity.js';
import { useIdentitySuite, usePerTestApps } from '../support/identity-suite.js';
import type { Mailbox, ReceivedMail } from '../support/mailbox.js';
import { pollUntil } from '../support/net.js';
import { redeliverDomainEvent } from '../support/outbox-events.js';
import { type OwnRedis, startOwnRedis } from '../support/own-redis.js';
import type { TestServices } from '../support/services.js';

const CONFIRMATION_SUBJECT = 'We have received your message';

const suite = useIdentitySuite();
let services: TestServices;
let mailbox: Mailbox;
let db: pg.Pool;
const apps = usePerTestApps();

// The suite's, under the names these tests use (its hooks start and stop them).
beforeAll(() => {
  ({ services, mailbox, db } = suite);
});

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
  assertStatus(response, 201, `message ${index}`);
  const body = response.body as { id?: string };
  if (!body.id) throw new Error(`expected an id in the 201 body of message ${index}`);
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

test('Redis SIGKILLed and restarted empty during a burst of contact posts: exactly one admin e-mail and one confirmation per stored message', async () => {
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
    // Every accepted message is stored.
    expect(rows[0]!.count).toBe(120);

    for (const message of sent) {
      await mailbox.waitFor(adminMailOf(admin, message), 120_000);
      await mailbox.waitFor(confirmationOf(message), 120_000);
    }
    await waitUntilSettled();
    // No row was given up.
    expect(await failedRows()).toStrictEqual([]);

    // One admin e-mail and one confirmation per message.
    for (const message of sent) {
      expect(mailbox.find(adminMailOf(admin, message))).toHaveLength(1);
      expect(mailbox.find(confirmationOf(message))).toHaveLength(1);
    }
    // The relay published again what Redis had lost.
    expect(app.logs().map((line) => line.msg)).toContain(
      'Outbox rows not confirmed in time were published again',
    );
  } finally {
    await redis.close();
  }
}, 300_000);

test('an event or e-mail job delivered again after it was handled does nothing twice', async () => {
  const run = uid();
  const admin = `admin-${run}@seo-agency.test`;
  const prefix = `replay-${run}`;
  const app = await launch(appEnv(services.redisUrl, admin, prefix));
  const [message] = await postMany(app, run, 0, 1);
  if (!message) throw new Error('expected the posted message');
  await mailbox.waitFor(adminMailOf(admin, message), 60_000);
  await mailbox.waitFor(confirmationOf(message), 60_000);
  await waitUntilSettled();

  const { rows: events } = await db.query<{ id: string; type: string; payload: unknown }>(
    `SELECT id, type, payload FROM outbox_event
       WHERE queue = 'domain-events' AND payload->>'messageId' = $1`,
    [message.id],
  );
  const [event] = events;
  if (!event) throw new Error('expected the MessageReceived outbox event of the message');
  const { rows: mails } = await db.query<{ id: string; type: string; payload: { to: string } }>(
    `SELECT id, type, payload FROM outbox_event WHERE queue = 'mail' AND payload->>'to' = $1`,
    [message.email],
  );
  const [mail] = mails;
  if (!mail) throw new Error('expected the outbox row of the confirmation e-mail');
  // A sent e-mail row keeps only its template and recipient.
  expect(mail.payload).toStrictEqual({
    template: 'messageReceivedConfirmation',
    to: message.email,
  });

  await redeliverDomainEvent(services.redisUrl, prefix, event);
  // The same e-mail job again (sent jobs are removed from Redis, so its id is free).
  const connection = { url: services.redisUrl };
  const mailQueue = new Queue('mail', { connection, prefix });
  const mailDone = new QueueEvents('mail', { connection, prefix });
  try {
    await mailDone.waitUntilReady();
    const replayedMail = await mailQueue.add(
      mail.type,
      { template: 'messageReceivedConfirmation', to: message.email, props: {} },
      { jobId: mail.id },
    );
    await replayedMail.waitUntilFinished(mailDone, 30_000);
  } finally {
    await Promise.all([mailQueue.close(), mailDone.close()]);
  }

  await waitUntilSettled();
  // One admin e-mail, one confirmation.
  expect(mailbox.find(adminMailOf(admin, message))).toHaveLength(1);
  expect(mailbox.find(confirmationOf(message))).toHaveLength(1);
  const { rows: processed } = await db.query<{ handler: string }>(
    'SELECT handler FROM processed_event WHERE event_id = $1',
    [event.id],
  );
  // The handler is recorded once.
  expect(processed.map((row) => row.handler)).toStrictEqual(['NotifyMessageReceivedHandler']);
}, 120_000);

test('the hourly sweep deletes rows settled longer ago than the retention, never owed ones', async () => {
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
    await job.waitUntilFinished(done, 30_000);
    // The app's own hourly sweep may have run too (its first run races this test's inserts): the
    // rows deleted by every sweep of this run, together, are the two old settled ones.
    const sweeps = await queue.getJobs(['completed']);
    const deleted = sweeps
      .filter((sweep) => sweep.name === 'sweep-settled-outbox')
      .map((sweep) => (sweep.returnvalue as { rows: number }).rows);
    expect(deleted.reduce((sum, rows) => sum + rows, 0)).toBe(2);
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
  // The outbox rows kept, and their processed records.
  expect(kept.map((row) => row.id).sort()).toStrictEqual(expected);
  expect(rows.map((row) => row.id).sort()).toStrictEqual(expected);
}, 60_000);
