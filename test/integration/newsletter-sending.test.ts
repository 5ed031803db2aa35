/**
 * A campaign's sending controls against the built server in two processes (api and worker), real
 * PostgreSQL, Redis and SMTP: a campaign whose deliveries the SMTP server refuses for good (5xx) ten
 * times in a row pauses itself with the reason and sends nothing more until an admin resumes it, then
 * finishes where it stopped (each recipient once); and the sending rate per window is honoured.
 *
 *   npm run build:server && npm run test:integration -- test/integration/newsletter-sending.test.ts
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { CAMPAIGN_TEXTS } from '../../src/contracts/campaigns.js';
import { type AppProcess, startApp } from '../support/app-process.js';
import { type HttpClient } from '../support/http-client.js';
import { asObject, assertErrorBody, assertStatus, type Json, uid } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { type ReceivedMail } from '../support/mailbox.js';
import { pollUntil } from '../support/net.js';
import { useWorld } from '../support/world.js';

const QUEUE_ENV = {
  NEWSLETTER_BATCH_SIZE: '20',
  QUEUE_LOCK_DURATION_MS: '2000',
  QUEUE_STALLED_INTERVAL_MS: '1000',
  JOB_BACKOFF_MS: '200',
  JOB_ATTEMPTS: '3',
};

const world = useWorld({ name: 'sending-api', role: 'api', env: QUEUE_ENV });
const { adminEmail } = world;

let api: IdentityApp;
let admin: HttpClient;
const workers: AppProcess[] = [];

async function startWorker(name: string, env: Record<string, string>): Promise<AppProcess> {
  const started = await startApp({
    role: 'worker',
    name,
    env: {
      DATABASE_URL: world.services.databaseUrl,
      REDIS_URL: world.services.redisUrl,
      SMTP_URL: world.mailbox.url,
      MAIL_FROM: 'SEO Agency <hello@seo-agency.test>',
      ADMIN_EMAIL: adminEmail,
      PUBLIC_URL: api.publicUrl,
      LOG_LEVEL: 'info',
      OUTBOX_POLL_INTERVAL_MS: '200',
      ...QUEUE_ENV,
      ...env,
    },
  });
  workers.push(started);
  return started;
}

/** Only these addresses are confirmed: `count` new ones `<tag>-<n>@example.test`. */
async function onlySubscribers(tag: string, count: number): Promise<string[]> {
  await world.db.query(`update subscriber set status = 'unsubscribed' where status = 'confirmed'`);
  const { rows } = await world.db.query<{ email: string }>(
    `insert into subscriber (id, email, status, created_at, confirmed_at)
     select gen_random_uuid(), $1 || '-' || g || '@example.test', 'confirmed', now(), now()
       from generate_series(1, $2::int) g
     returning email`,
    [tag, count],
  );
  return rows.map((row) => row.email);
}

async function sendCampaign(subject: string): Promise<string> {
  const created = await admin.post('/api/admin/campaigns', { subject, body: '## Hi\n\nNews.' });
  assertStatus(created, 201, 'create a campaign');
  const id = String(asObject(created.body, 'campaign').id);
  assertStatus(await admin.post(`/api/admin/campaigns/${id}/send`, { sendAt: null }), 200);
  return id;
}

async function campaign(id: string): Promise<Json> {
  const response = await admin.get(`/api/admin/campaigns/${id}`);
  assertStatus(response, 200, 'read the campaign');
  return asObject(response.body, 'campaign');
}

const countsOf = (body: Json) => asObject(body.counts, 'counts');

/** Polls the campaign until `check` holds for it; returns it. */
async function campaignWhen(id: string, check: (body: Json) => boolean, what: string) {
  let last: Json = {};
  await pollUntil(
    async () => {
      last = await campaign(id);
      return check(last) || undefined;
    },
    { timeoutMs: 60_000, what },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}; last seen: ${JSON.stringify(last)}`);
  });
  return last;
}

/** The campaign's batch jobs still owed (neither completed nor given up), and how many wait for later. */
async function owedBatchJobs(id: string) {
  const { rows } = await world.db.query<{ owed: number; later: number }>(
    `select count(*)::int as owed,
            count(*) filter (where due_at > now() + interval '1 minute')::int as later
       from outbox_event
      where queue = 'newsletter' and payload->>'campaignId' = $1
        and completed_at is null and failed_at is null`,
    [id],
  );
  return rows[0]!;
}

const ofSubject = (subject: string) => (mail: ReceivedMail) => mail.subject === subject;

beforeAll(async () => {
  api = world.api;
  admin = await world.admin();
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((started) => started.stop(5000).catch(() => started.kill())));
}, 30_000);

test('ten refusals (5xx) in a row pause the campaign with the reason; resumed, it ends where it stopped, each recipient once', async () => {
  const worker = await startWorker('worker-pause', {
    NEWSLETTER_CONCURRENCY: '1',
    NEWSLETTER_SEND_CONCURRENCY: '5',
    NEWSLETTER_PAUSE_AFTER_ERRORS: '10',
  });
  const tag = `p${uid()}`;
  const emails = await onlySubscribers(tag, 60);
  const refusal = world.mailbox.refuse((to) => to.some((address) => address.startsWith(`${tag}-`)));
  const subject = `Paused ${tag}`;
  const id = await sendCampaign(subject);

  // Paused with the last SMTP error as its reason, once the deliveries in flight are settled.
  const paused = await campaignWhen(
    id,
    (body) =>
      body.status === 'paused' &&
      Number(countsOf(body).failed) === refusal.refused.length &&
      Number(countsOf(body).queued) + Number(countsOf(body).failed) === emails.length,
    'the campaign to pause with its refused deliveries failed',
  );
  expect(String(paused.pausedReason)).toContain('550');
  expect(paused.pausedAt).toEqual(expect.any(String));
  const refused = refusal.refused.length;
  expect(refused).toBeGreaterThanOrEqual(10);
  expect(refused).toBeLessThan(emails.length);
  expect(countsOf(paused).sent).toBe(0);
  // Nothing more goes out while paused: its batch jobs end without claiming anyone else.
  await pollUntil(async () => (await owedBatchJobs(id)).owed === 0 || undefined, {
    timeoutMs: 30_000,
    what: "the paused campaign's jobs to end",
  });
  expect(refusal.refused.length).toBe(refused);
  expect(world.mailbox.find(ofSubject(subject))).toHaveLength(0);
  expect(countsOf(await campaign(id)).queued).toBe(emails.length - refused);

  // Only a paused campaign resumes.
  refusal.stop();
  const resumed = await admin.post(`/api/admin/campaigns/${id}/resume`, {});
  assertStatus(resumed, 200, 'resume');
  expect(asObject(resumed.body, 'campaign').status).toBe('sending');
  expect(asObject(resumed.body, 'campaign').pausedReason).toBeNull();
  const again = await admin.post(`/api/admin/campaigns/${id}/resume`, {});
  expect(assertErrorBody(again, 409, 'resume twice').message).toBe(CAMPAIGN_TEXTS.notPaused);

  const done = await campaignWhen(id, (body) => body.status === 'sent', 'the campaign to end');
  expect(countsOf(done)).toStrictEqual({
    total: emails.length,
    queued: 0,
    sent: emails.length - refused,
    failed: refused,
    cancelled: 0,
  });
  // Each recipient not refused got exactly one copy; the refused ones none.
  const refusedAddresses = new Set(refusal.refused.flat());
  const received = world.mailbox.find(ofSubject(subject)).flatMap((mail) => mail.envelopeTo);
  expect([...received].sort()).toStrictEqual(
    emails.filter((email) => !refusedAddresses.has(email)).sort(),
  );
  await worker.stop(5000);
}, 180_000);

test('the sending rate is honoured: no more than its e-mails per window, the rest waits for the next one', async () => {
  await startWorker('worker-rate', {
    NEWSLETTER_RATE_PER_WINDOW: '7',
    // A day: the next window is far away, so what the window allows is what was sent.
    NEWSLETTER_RATE_WINDOW_MS: '86400000',
  });
  const tag = `r${uid()}`;
  const emails = await onlySubscribers(tag, 30);
  const subject = `Rated ${tag}`;
  const id = await sendCampaign(subject);

  // Both batches (20 + 10) end up waiting for the next window, each as a job due then.
  await pollUntil(
    async () => {
      const jobs = await owedBatchJobs(id);
      return (jobs.owed === 2 && jobs.later === 2) || undefined;
    },
    { timeoutMs: 60_000, what: "the campaign's batches to wait for the next window" },
  );
  const waiting = await campaign(id);
  expect(countsOf(waiting).sent).toBe(7);
  expect(countsOf(waiting).queued).toBe(emails.length - 7);
  expect(world.mailbox.find(ofSubject(subject))).toHaveLength(7);
  expect(waiting.status).toBe('sending');
  // The progress panel's figures: 7 e-mails over the last minute.
  expect(asObject(waiting.progress, 'progress').emailsPerSecond).toBeGreaterThan(0);

  assertStatus(await admin.post(`/api/admin/campaigns/${id}/cancel`, {}), 200, 'cancel');
}, 120_000);
