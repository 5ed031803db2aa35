/**
 * Newsletter campaigns against the built server in two processes (api and worker), real PostgreSQL,
 * Redis and SMTP: the fan-out to confirmed subscribers only, exactly once each even when the worker is
 * SIGKILLed mid-send, the RFC 8058 headers and one-click unsubscribe, scheduling, cancelling, tests
 * sent to the admin only, and the validation of every input.
 *
 *   npm run build:server && npm run test:integration -- test/integration/newsletter-campaigns.test.ts
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CAMPAIGN_TEXTS } from '../../src/contracts/campaigns.js';
import {
  CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN,
  NEWSLETTER_MESSAGES,
} from '../../src/contracts/newsletter.js';
import { type AppProcess, REPO_ROOT, startApp } from '../support/app-process.js';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  fieldsOf,
  type Json,
  uid,
} from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { type ReceivedMail } from '../support/mailbox.js';
import { pollUntil, withTimeout } from '../support/net.js';

/** The worker's SMTP connections: once each holds a delivery, no other delivery can complete. */
const SMTP_CONNECTIONS = 4;

/** Small batches, so that 1,000 recipients make 20 jobs; fast stall detection for the kill test. */
const QUEUE_ENV = {
  NEWSLETTER_BATCH_SIZE: '50',
  QUEUE_LOCK_DURATION_MS: '2000',
  QUEUE_STALLED_INTERVAL_MS: '1000',
  JOB_BACKOFF_MS: '200',
  JOB_ATTEMPTS: '3',
  SMTP_POOL_SIZE: String(SMTP_CONNECTIONS),
};

const world = useWorld({
  name: 'campaigns-api',
  role: 'api',
  env: QUEUE_ENV,
});
const suite = world;
const { adminEmail } = world;

let api: IdentityApp;
let admin: HttpClient;
let worker: AppProcess | undefined;
const workers: AppProcess[] = [];

async function startWorker(name: string): Promise<AppProcess> {
  const started = await startApp({
    role: 'worker',
    name,
    env: {
      DATABASE_URL: suite.services.databaseUrl,
      REDIS_URL: suite.services.redisUrl,
      SMTP_URL: suite.mailbox.url,
      MAIL_FROM: 'SEO Agency <hello@seo-agency.test>',
      ADMIN_EMAIL: adminEmail,
      PUBLIC_URL: api.publicUrl,
      LOG_LEVEL: 'info',
      OUTBOX_POLL_INTERVAL_MS: '200',
      ...QUEUE_ENV,
    },
  });
  workers.push(started);
  return started;
}

/** Adds subscribers straight to the table: `count` addresses `<tag>-<n>@example.test`. */
async function addSubscribers(tag: string, status: string, count: number): Promise<string[]> {
  const { rows } = await suite.db.query<{ email: string }>(
    `insert into subscriber (id, email, status, created_at, confirmed_at, unsubscribed_at)
     select gen_random_uuid(), $1 || '-' || g || '@example.test', $2, now(),
            case when $2 <> 'pending' then now() end, case when $2 = 'unsubscribed' then now() end
       from generate_series(1, $3::int) g
     returning email`,
    [tag, status, count],
  );
  return rows.map((row) => row.email);
}

const confirmedEmails = async () =>
  (
    await suite.db.query<{ email: string }>(
      `select email from subscriber where status = 'confirmed'`,
    )
  ).rows.map((row) => row.email);

async function createCampaign(subject: string, body = '## Hello\n\nOur **news**.'): Promise<Json> {
  const response = await admin.post('/api/admin/campaigns', { subject, body });
  assertStatus(response, 201, 'create a campaign');
  return asObject(response.body, 'campaign');
}

async function campaign(id: string): Promise<Json> {
  const response = await admin.get(`/api/admin/campaigns/${id}`);
  assertStatus(response, 200, 'read the campaign');
  return asObject(response.body, 'campaign');
}

const countsOf = (body: Json) => asObject(body.counts, 'counts');

async function waitForStatus(id: string, status: string, timeoutMs = 60_000): Promise<Json> {
  let last: Json = {};
  await until(
    async () => {
      last = await campaign(id);
      return last.status === status;
    },
    timeoutMs,
    `campaign ${id} to be ${status}`,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}; last seen: ${JSON.stringify(last)}`);
  });
  return last;
}

/** Polls `check` until it holds. */
const until = (check: () => Promise<boolean>, timeoutMs: number, what: string) =>
  pollUntil(async () => (await check()) || undefined, { timeoutMs, what });

const ofCampaign = (subject: string) => (mail: ReceivedMail) => mail.subject === subject;

/** The raw header lines of a message (before the blank line), unfolded lines kept apart. */
function rawHeaderLines(mail: ReceivedMail): string[] {
  const raw = mail.raw.toString('utf8');
  return raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');
}

function unsubscribeUrlOf(mail: ReceivedMail): string {
  const line = rawHeaderLines(mail).find((header) => /^List-Unsubscribe:/i.test(header));
  const match = /^List-Unsubscribe: <([^>]+)>$/i.exec(line ?? '');
  if (!match?.[1]) throw new Error(`no List-Unsubscribe header in "${mail.subject}"`);
  return match[1];
}

/** The agency's postal address, as the SEO settings hold it: every newsletter carries it. */
const POSTAL_ADDRESS = 'SEO Agency, 500 Congress Ave, Suite 200, Austin, TX 78701, USA';

/** Sets the SEO settings' Postal Address (the singleton is added when there is none yet). */
async function setPostalAddress(postalAddress: string): Promise<void> {
  const list = await admin.get('/api/content/seo');
  assertStatus(list, 200, 'read the SEO settings');
  const [current] = list.body as Json[];
  if (current) {
    const { _id: id, ...fields } = current;
    assertStatus(
      await admin.put(`/api/content/seo/${String(id)}`, { ...fields, postalAddress }),
      200,
      'update the postal address',
    );
  } else {
    const created = await admin.post('/api/content/seo', {
      siteName: 'SEO Agency',
      titleTemplate: '%s | SEO Agency',
      defaultDescription: 'Search engine optimisation for small businesses.',
      postalAddress,
    });
    assertStatus(created, 201, 'add the SEO settings');
  }
}

const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');

beforeAll(async () => {
  api = world.api;
  admin = await world.admin();
  worker = await startWorker('worker-1');
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((started) => started.stop(5000).catch(() => started.kill())));
}, 30_000);

describe('sending a campaign', () => {
  test('reaches each confirmed subscriber exactly once, none pending or unsubscribed, across a worker SIGKILL', async () => {
    const tag = `c${uid()}`;
    await addSubscribers(`${tag}-confirmed`, 'confirmed', 1000);
    const pending = await addSubscribers(`${tag}-pending`, 'pending', 20);
    const unsubscribed = await addSubscribers(`${tag}-unsubscribed`, 'unsubscribed', 20);
    const recipients = new Set(await confirmedEmails());
    const subject = `Spring news ${tag}`;
    const { id } = await createCampaign(subject);
    const campaignId = String(id);

    const sent = await admin.post(`/api/admin/campaigns/${campaignId}/send`, { sendAt: null });
    assertStatus(sent, 200, 'send now');
    await until(
      async () => suite.mailbox.find(ofCampaign(subject)).length >= 300,
      60_000,
      'the first 300 e-mails',
    );

    // Hold every further delivery on DATA, so none is between the server's 250 and our record of it
    // when the worker dies: then the kill has a well-defined outcome.
    const hang = suite.mailbox.hangNext(5000, (to) =>
      to.some((address) => recipients.has(address)),
    );
    try {
      await withTimeout(hang.started, 30_000, 'a held delivery');
      // A delivery that began before the hang may still be accepted; once every connection holds one,
      // the count of accepted e-mails cannot move any more.
      await until(
        async () => hang.held.length >= SMTP_CONNECTIONS,
        30_000,
        'every SMTP connection to hold a delivery',
      );
      await until(
        async () => {
          const counts = countsOf(await campaign(campaignId));
          return counts.sent === suite.mailbox.find(ofCampaign(subject)).length;
        },
        30_000,
        'every accepted e-mail to be recorded as sent',
      );
      const killed = await worker!.kill();
      expect(killed.signal).toBe('SIGKILL');
      await Promise.all(hang.held.map((held) => withTimeout(held.closed, 10_000, 'SMTP to close')));
    } finally {
      hang.release('accept');
    }
    const beforeRestart = suite.mailbox.find(ofCampaign(subject)).length;
    // Killed mid-send: some were delivered, not all.
    expect(beforeRestart).toBeLessThan(recipients.size);

    worker = await startWorker('worker-2');
    const done = await waitForStatus(campaignId, 'sent', 120_000);
    expect(countsOf(done)).toStrictEqual({
      total: recipients.size,
      queued: 0,
      sent: recipients.size,
      failed: 0,
      cancelled: 0,
    });
    await until(
      async () => suite.mailbox.find(ofCampaign(subject)).length >= recipients.size,
      30_000,
      'every e-mail to arrive',
    );
    // Every e-mail is recorded only after the SMTP server accepted it: a campaign marked sent has no
    // delivery still to come.
    const delivered = suite.mailbox.find(ofCampaign(subject)).flatMap((mail) => mail.envelopeTo);
    expect(delivered).toHaveLength(recipients.size);
    expect(new Set(delivered)).toStrictEqual(recipients);
    for (const address of [...pending, ...unsubscribed]) expect(delivered).not.toContain(address);

    // The past campaigns list keeps the counts.
    const list = await admin.get('/api/admin/campaigns?page=1&pageSize=50');
    assertStatus(list, 200, 'list campaigns');
    const listed = (asObject(list.body, 'page').items as Json[]).find(
      (item) => item.id === campaignId,
    );
    expect(listed?.status).toBe('sent');
    expect(countsOf(listed!).sent).toBe(recipients.size);

    // The campaign's event and one of its batch jobs delivered again (as the outbox may): both are
    // handled, and nobody gets a second e-mail.
    const { rows: started } = await suite.db.query<{ scheduled_at: Date }>(
      `select scheduled_at from newsletter_campaign where id = $1`,
      [campaignId],
    );
    const again = [crypto.randomUUID(), crypto.randomUUID()];
    await suite.db.query(
      `insert into outbox_event (id, queue, type, payload, occurred_at) values
         ($1, 'domain-events', 'CampaignQueued', $3, now()),
         ($2, 'newsletter', 'send-campaign-batch', $4, now())`,
      [
        ...again,
        JSON.stringify({ campaignId, scheduledAt: started[0]!.scheduled_at.toISOString() }),
        JSON.stringify({ campaignId, batch: 0 }),
      ],
    );
    await until(
      async () =>
        (
          await suite.db.query(
            `select 1 from outbox_event where id = any($1::uuid[]) and completed_at is not null`,
            [again],
          )
        ).rowCount === 2,
      30_000,
      'the repeated event and batch job to be handled',
    );
    expect(countsOf(await campaign(campaignId))).toStrictEqual(countsOf(done));
    expect(suite.mailbox.find(ofCampaign(subject))).toHaveLength(recipients.size);
  }, 300_000);

  test('every newsletter has one-line RFC 8058 headers and a visible link; one-click POST unsubscribes, GET does not', async () => {
    await setPostalAddress(POSTAL_ADDRESS);
    const tag = `h${uid()}`;
    const [email] = await addSubscribers(tag, 'confirmed', 1);
    const subject = `Headers ${tag}`;
    const { id } = await createCampaign(subject);
    assertStatus(
      await admin.post(`/api/admin/campaigns/${String(id)}/send`, { sendAt: null }),
      200,
    );
    const mail = await suite.mailbox.waitFor(
      (received) => received.subject === subject && received.envelopeTo.includes(email!),
      60_000,
    );

    const lines = rawHeaderLines(mail);
    const at = lines.findIndex((line) => /^List-Unsubscribe:/i.test(line));
    const postAt = lines.findIndex((line) => /^List-Unsubscribe-Post:/i.test(line));
    expect(lines[postAt]).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Neither header continues on a folded line.
    expect(lines[at + 1]).not.toMatch(/^\s/);
    expect(lines[postAt + 1]).not.toMatch(/^\s/);
    const url = unsubscribeUrlOf(mail);
    expect(url.startsWith(`${api.publicUrl}/newsletter/unsubscribe?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain(url);

    // The list it belongs to (RFC 2919), on PUBLIC_URL's host, on one line (nodemailer writes the
    // name as List-ID; header names are case-insensitive).
    const host = new URL(api.publicUrl).hostname;
    expect(
      lines.filter((line) => /^List-Id:/i.test(line)).map((line) => line.slice(8)),
    ).toStrictEqual([` SEO Agency newsletter <newsletter.${host}>`]);
    // Why it came, and the sender's postal address (CAN-SPAM), in both parts.
    const reason = 'You received this e-mail because you subscribed to the SEO Agency newsletter.';
    for (const part of [mail.text, mail.html]) {
      expect(oneLine(part)).toContain(reason);
      expect(oneLine(part)).toContain(POSTAL_ADDRESS);
    }

    const status = async () =>
      (
        await suite.db.query<{ status: string }>(`select status from subscriber where email = $1`, [
          email,
        ])
      ).rows[0]?.status;

    // A GET (a link scanner, or the reader's browser) shows the page and changes nothing.
    const page = await fetch(url, { redirect: 'manual' });
    if (existsSync(path.join(REPO_ROOT, 'dist/web/index.html'))) {
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    } else {
      expect(page.status).toBe(503); // the SPA's page, when only the server is built
    }
    expect(await status()).toBe('confirmed');

    // The mail provider's POST: no cookie, no same-site Origin, the RFC's body.
    const oneClick = () =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://mail.provider.example',
        },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(first.headers.get('location')).toBeNull();
    expect(await first.json()).toStrictEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    expect(await status()).toBe('unsubscribed');
    // Again: harmless, and the link keeps working.
    expect((await oneClick()).status).toBe(200);
    expect(await status()).toBe('unsubscribed');

    const unknown = await fetch(`${api.publicUrl}/newsletter/unsubscribe?token=${'x'.repeat(40)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.status).toBe(400);
  }, 120_000);
});

test('an e-mail refused at every attempt is retried with backoff, then fails with the reason', async () => {
  const [email] = await addSubscribers(`f${uid()}`, 'confirmed', 1);
  const refused = (to: string[]) => to.includes(email!);
  const { id } = await createCampaign(`Refused ${uid()}`);
  const campaignId = String(id);
  let hang = suite.mailbox.hangNext(1, refused);
  assertStatus(await admin.post(`/api/admin/campaigns/${campaignId}/send`, { sendAt: null }), 200);
  // JOB_ATTEMPTS is 3: each attempt's delivery to this address gets a temporary failure (451).
  for (let attempt = 1; attempt <= 3; attempt++) {
    await withTimeout(hang.started, 30_000, `attempt ${attempt} at the address`);
    const current = hang;
    if (attempt < 3) hang = suite.mailbox.hangNext(1, refused);
    current.release('reject');
  }
  const done = await waitForStatus(campaignId, 'sent');
  expect(countsOf(done).failed).toBe(1);
  expect(countsOf(done).sent).toBe(Number(countsOf(done).total) - 1);
  expect(done.failures).toStrictEqual([{ reason: expect.stringContaining('451'), count: 1 }]);
  expect(suite.mailbox.find((mail) => mail.envelopeTo.includes(email!))).toHaveLength(0);
}, 120_000);

describe('writing and scheduling', () => {
  test('drafts are validated, previewed as the real e-mail and tried on the admin only, whose unsubscribe link unsubscribes nobody', async () => {
    const missing = await admin.post('/api/admin/campaigns', { subject: ' ', extra: 1 });
    const body = assertErrorBody(missing, 400, 'invalid draft');
    expect(fieldsOf(body)).toMatchObject({
      subject: 'Subject is Required',
      body: 'Body is Required',
      extra: 'Unknown field',
    });
    const tooLong = await admin.post('/api/admin/campaigns', {
      subject: 'x',
      body: 'y'.repeat(50_001),
    });
    expect(fieldsOf(assertErrorBody(tooLong, 400))).toMatchObject({
      body: 'Body must be at most 50000 characters',
    });

    const preview = await admin.post('/api/admin/campaigns/preview', {
      subject: 'Preview',
      body: '# Title\n\n<img src=x onerror=alert(1)>',
    });
    assertStatus(preview, 200, 'preview');
    const html = String(asObject(preview.body, 'preview').html);
    expect(html).toMatch(/<h1 style="[^"]+">Title<\/h1>/);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('unsubscribe');

    const subject = `Try me ${uid()}`;
    const { id } = await createCampaign(subject);
    const updated = await admin.put(`/api/admin/campaigns/${String(id)}`, {
      subject,
      body: 'Changed **body**',
    });
    assertStatus(updated, 200, 'update the draft');
    expect(asObject(updated.body, 'campaign').body).toBe('Changed **body**');

    // The admin reads the newsletter too.
    await suite.db.query(
      `insert into subscriber (id, email, status, created_at, confirmed_at)
       values (gen_random_uuid(), lower($1), 'confirmed', now(), now())
       on conflict do nothing`,
      [adminEmail],
    );
    const adminSubscription = async () =>
      (
        await suite.db.query<{ status: string }>(
          `select status from subscriber where email = lower($1)`,
          [adminEmail],
        )
      ).rows[0]?.status;
    const tried = await admin.post(`/api/admin/campaigns/${String(id)}/test`);
    assertStatus(tried, 202, 'send a test');
    expect(tried.body).toStrictEqual({ message: CAMPAIGN_TEXTS.testSent });
    const testMail = await suite.mailbox.waitFor(
      (mail) => mail.subject === `[Test] ${subject}`,
      30_000,
    );
    expect(testMail.envelopeTo).toStrictEqual([adminEmail.toLowerCase()]);
    expect(testMail.html).toContain('<strong>body</strong>');
    // Its unsubscribe link (body and header) is the test link: it works, and unsubscribes nobody,
    // not even the admin who is a subscriber.
    const testUrl = unsubscribeUrlOf(testMail);
    expect(testUrl).toBe(
      `${api.publicUrl}/newsletter/unsubscribe?token=${CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN}`,
    );
    expect(testMail.text.split('\n')).toContain(testUrl);
    const oneClick = await fetch(testUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toStrictEqual({ message: NEWSLETTER_MESSAGES.testSend });
    const fromPage = await api
      .client()
      .post('/api/subscribers/unsubscribe', { token: CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN });
    assertStatus(fromPage, 200, "the unsubscribe page's button");
    expect(fromPage.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.testSend });
    expect(await adminSubscription()).toBe('confirmed');
    // Only the draft: no subscriber got it.
    const draft = await campaign(String(id));
    expect(draft.status).toBe('draft');
    expect(countsOf(draft).total).toBe(0);
  }, 60_000);

  test('a scheduled campaign waits for its time, cannot be edited, and can be unscheduled', async () => {
    await addSubscribers(`s${uid()}`, 'confirmed', 3);
    const subject = `Later ${uid()}`;
    const { id } = await createCampaign(subject);
    const campaignId = String(id);

    const past = await admin.post(`/api/admin/campaigns/${campaignId}/send`, {
      sendAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(fieldsOf(assertErrorBody(past, 400))).toStrictEqual({
      sendAt: CAMPAIGN_TEXTS.sendAtPast,
    });
    const garbage = await admin.post(`/api/admin/campaigns/${campaignId}/send`, { sendAt: 'soon' });
    expect(Object.keys(fieldsOf(assertErrorBody(garbage, 400)))).toStrictEqual(['sendAt']);

    // Far ahead: unschedule it, back to a draft that can be changed.
    const far = await admin.post(`/api/admin/campaigns/${campaignId}/send`, {
      sendAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    assertStatus(far, 200, 'schedule');
    expect(asObject(far.body, 'campaign').status).toBe('scheduled');
    assertErrorBody(
      await admin.put(`/api/admin/campaigns/${campaignId}`, { subject, body: 'x' }),
      409,
    );
    assertErrorBody(await admin.delete(`/api/admin/campaigns/${campaignId}`), 409);
    const unscheduled = await admin.post(`/api/admin/campaigns/${campaignId}/cancel`);
    assertStatus(unscheduled, 200, 'unschedule');
    expect(asObject(unscheduled.body, 'campaign').status).toBe('draft');

    // Soon: it starts by itself.
    const soon = await admin.post(`/api/admin/campaigns/${campaignId}/send`, {
      sendAt: new Date(Date.now() + 3000).toISOString(),
    });
    assertStatus(soon, 200, 'schedule soon');
    // The answer, not a later read: on a slow machine the time may have come by then.
    expect(asObject(soon.body, 'campaign').status).toBe('scheduled');
    const done = await waitForStatus(campaignId, 'sent');
    expect(countsOf(done).sent).toBe(countsOf(done).total);
    assertErrorBody(await admin.post(`/api/admin/campaigns/${campaignId}/cancel`), 409);
    assertErrorBody(await admin.delete(`/api/admin/campaigns/${campaignId}`), 409);
  }, 90_000);

  test('cancelling while sending stops the rest; what was sent stays sent', async () => {
    const tag = `x${uid()}`;
    const ours = new Set(await addSubscribers(tag, 'confirmed', 120));
    const subject = `Cancel me ${tag}`;
    const { id } = await createCampaign(subject);
    const campaignId = String(id);
    const hang = suite.mailbox.hangNext(1000, (to) => to.some((address) => ours.has(address)));
    try {
      assertStatus(
        await admin.post(`/api/admin/campaigns/${campaignId}/send`, { sendAt: null }),
        200,
      );
      await withTimeout(hang.started, 30_000, 'a held delivery');
      const cancelled = await admin.post(`/api/admin/campaigns/${campaignId}/cancel`);
      assertStatus(cancelled, 200, 'cancel');
      expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    } finally {
      hang.release('accept');
    }
    let counts: Json = {};
    await until(
      async () => {
        counts = countsOf(await campaign(campaignId));
        return counts.queued === 0;
      },
      30_000,
      'the e-mails in flight to settle',
    );
    // Queued is 0: every e-mail in flight was answered and recorded.
    const delivered = suite.mailbox.find(ofCampaign(subject)).length;
    expect(counts.sent).toBe(delivered);
    expect(Number(counts.sent) + Number(counts.cancelled)).toBe(counts.total);
    expect(Number(counts.cancelled)).toBeGreaterThan(0);
    expect((await campaign(campaignId)).status).toBe('cancelled');
  }, 90_000);
});

test('only admins reach campaigns: a customer gets 403 and a visitor 401 on every route', async () => {
  const customer = (await world.customer()).client;
  const visitor = api.client();
  const { id } = await createCampaign(`Private ${uid()}`);
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/campaigns'],
    ['POST', '/api/admin/campaigns', { subject: 'a', body: 'b' }],
    ['POST', '/api/admin/campaigns/preview', { subject: 'a', body: 'b' }],
    ['GET', `/api/admin/campaigns/${String(id)}`],
    ['PUT', `/api/admin/campaigns/${String(id)}`, { subject: 'a', body: 'b' }],
    ['DELETE', `/api/admin/campaigns/${String(id)}`],
    ['POST', `/api/admin/campaigns/${String(id)}/test`],
    ['POST', `/api/admin/campaigns/${String(id)}/send`, { sendAt: null }],
    ['POST', `/api/admin/campaigns/${String(id)}/cancel`],
  ];
  for (const [method, path, body] of routes) {
    const as = (client: HttpClient) =>
      method === 'GET'
        ? client.get(path)
        : method === 'DELETE'
          ? client.delete(path)
          : method === 'PUT'
            ? client.put(path, body)
            : client.post(path, body);
    assertErrorBody(await as(customer), 403, `${method} ${path} as a customer`);
    assertErrorBody(await as(visitor), 401, `${method} ${path} as a visitor`);
  }
  // Unknown and malformed ids are 404.
  assertErrorBody(await admin.get('/api/admin/campaigns/not-a-uuid'), 404);
  assertErrorBody(await admin.get(`/api/admin/campaigns/${crypto.randomUUID()}`), 404);
  expect((await campaign(String(id))).status).toBe('draft');
}, 60_000);
