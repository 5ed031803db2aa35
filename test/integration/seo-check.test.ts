/**
 * The free SEO check end to end: HTTP → PostgreSQL (check + outbox) → BullMQ worker → the page of a
 * local test site fetched through the SSRF-safe fetcher → the report, its e-mail, the admin inbox's
 * lead and the newsletter's pending subscriber. The app runs with SEO_CHECK_ALLOW_PRIVATE_TARGETS=true
 * (the test site is on 127.0.0.1 at a random port); the fetcher's refusals with it off are
 * test/unit/safe-fetch.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type pg from 'pg';
import type { HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  expectNewMail,
  fieldsOf,
  type Json,
  mailTo,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp, startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';
import type { Mailbox } from '../support/mailbox.js';
import { pollUntil } from '../support/net.js';
import { redeliverDomainEvent } from '../support/outbox-events.js';
import { html, redirect, type TestSite, startTestSite, text } from '../support/test-site.js';

const suite = useIdentitySuite();
/** The app's queues, for the test that hands its worker an event again. */
const QUEUE_PREFIX = `seo-check-${process.pid}`;
let app: IdentityApp;
let site: TestSite;
let mailbox: Mailbox;
let db: pg.Pool;
const MAX_PER_IP = 4;
const userAgents: string[] = [];

const PAGE = `<!doctype html><html lang="en"><head>
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Oak tables made to measure</title>
<meta name="description" content="Handmade oak kitchen tables, made to measure in our workshop and delivered within three weeks.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Oak"}</script>
</head><body>
<h1>Oak tables &lt;script&gt;alert(1)&lt;/script&gt;</h1><h2>Sizes</h2>
<img src="/table.jpg"><img src="/chair.jpg" alt="A chair">
<a href="/about">About</a><a href="/gone">Old page</a><a href="/moved">Moved</a>
</body></html>`;

beforeAll(async () => {
  ({ mailbox, db } = suite);
  site = await startTestSite({
    '/': (request, response) => {
      userAgents.push(String(request.headers['user-agent']));
      html(PAGE)(request, response);
    },
    '/other': html('<title>Another page</title>'),
    '/about': html('<title>About</title>'),
    '/moved': redirect('/about', 301),
    '/robots.txt': text('User-agent: *\nAllow: /\n'),
    '/sitemap.xml': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end('<?xml version="1.0"?><urlset></urlset>');
    },
  });
  app = await startIdentityApp(suite, {
    name: 'seo-check',
    simulateClientIps: true,
    env: {
      SEO_CHECK_ALLOW_PRIVATE_TARGETS: 'true',
      SEO_CHECK_MAX_PER_IP: String(MAX_PER_IP),
      QUEUE_PREFIX,
    },
  });
}, 180_000);

afterAll(async () => {
  await site?.close();
});

async function start(client: HttpClient, body: Json): Promise<{ id: string; cached: boolean }> {
  const response = await client.post('/api/seo-check', body);
  assertStatus(response, 202, `POST /api/seo-check ${JSON.stringify(body)}`);
  return asObject(response.body, 'the started check') as { id: string; cached: boolean };
}

async function finished(client: HttpClient, id: string): Promise<Json> {
  return pollUntil(
    async () => {
      const response = await client.get(`/api/seo-check/${id}`);
      assertStatus(response, 200, `GET /api/seo-check/${id}`);
      const check = asObject(response.body, 'the check');
      return check.status === 'done' || check.status === 'failed' ? check : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: `check ${id} to finish` },
  );
}

type Item = { key: string; outcome: string; summary: string; details: string[]; weight: number };
const itemOf = (check: Json, key: string): Item => {
  const report = asObject(check.report, 'the report') as { items: Item[] };
  const item = report.items.find((entry) => entry.key === key);
  if (!item) throw new Error(`no ${key} item in ${JSON.stringify(report)}`);
  return item;
};

describe('POST /api/seo-check', () => {
  test.each([
    [{ url: '' }, 'url', 'URL is Required'],
    [
      { url: 'ftp://files.example/' },
      'url',
      'Enter the address of a web page, like https://example.com',
    ],
    [{ url: 'intranet' }, 'url', 'Enter the address of a web page, like https://example.com'],
    [{ url: 'https://shop.example/', email: 'not-an-address' }, 'email', 'Provide a Valid Email'],
    [
      { url: 'https://shop.example/', subscribe: 'yes' },
      'subscribe',
      'subscribe must be true or false',
    ],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const response = await app.client().post('/api/seo-check', body);
    const error = assertErrorBody(response, 400, JSON.stringify(body));
    expect(fieldsOf(error)[field]).toBe(message);
  });

  test('runs the check in the worker and reports on the page, each item weighted', async () => {
    const client = app.client();
    const started = await start(client, { url: `${site.origin}/` });
    expect(started.cached).toBe(false);
    const check = await finished(client, started.id);
    expect(check.status).toBe('done');
    const report = asObject(check.report, 'the report') as { score: number; items: Item[] };
    expect(report.items.reduce((sum, item) => sum + item.weight, 0)).toBe(100);
    expect(report.score).toBeGreaterThan(0);
    expect(report.score).toBeLessThan(100);
    expect(itemOf(check, 'title').outcome).toBe('pass');
    expect(itemOf(check, 'https').outcome).toBe('fail');
    expect(itemOf(check, 'sitemap').outcome).toBe('pass');
    expect(itemOf(check, 'structuredData').summary).toBe('Structured data: Organization.');
    // The page's markup stays text.
    expect(itemOf(check, 'headings').details).toContain('H1 Oak tables <script>alert(1)</script>');
    expect(itemOf(check, 'imageAlt').summary).toBe('1 of 2 images have no alt attribute.');
    // /gone is a 404, /moved redirects to a page that answers: only /gone is broken.
    expect(itemOf(check, 'brokenLinks').details).toStrictEqual([`${site.origin}/gone: 404`]);
    expect(userAgents.at(-1)).toBe(`SEOAgencyCheck/1.0 (+${app.publicUrl}/seo-check)`);
    // The result is no page for search engines.
    const answer = await client.get(`/api/seo-check/${started.id}`);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
  });

  test('answers a check of the same address within 24 hours with the same report', async () => {
    const client = app.client();
    const first = await start(client, { url: `${site.origin}/other` });
    await finished(client, first.id);
    const fetched = site.requests.filter((request) => request === 'GET /other').length;
    const again = await start(app.client(), { url: ` ${site.origin.toUpperCase()}/other#top` });
    expect(again).toStrictEqual({ id: first.id, cached: true });
    expect(site.requests.filter((request) => request === 'GET /other')).toHaveLength(fetched);
  });

  test('shows a refused address as a failed check with the reason', async () => {
    const client = app.client();
    const started = await start(client, { url: 'http://169.254.169.254/latest/meta-data/' });
    const check = await finished(client, started.id);
    expect(check).toMatchObject({
      status: 'failed',
      report: null,
      error: '169.254.169.254 is refused: 169.254.169.254 is a cloud metadata address',
    });
  });

  test('limits checks per client IP: 429 with Retry-After', async () => {
    const client = app.client();
    for (let i = 0; i < MAX_PER_IP; i++) await start(client, { url: `${site.origin}/other` });
    const response = await client.post('/api/seo-check', { url: `${site.origin}/other` });
    assertErrorBody(response, 429, 'one check too many');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(asObject(response.body, 'the 429').message).toBe(
      'Too many checks were asked for. Please try again later.',
    );
    // Another client is not held back.
    await start(app.client(), { url: `${site.origin}/other` });
  });

  test('with an e-mail: the report link is mailed and the admin inbox gets a lead, no subscriber', async () => {
    const email = uniqueEmail('visitor');
    const report = expectNewMail(mailbox, mailTo(email, 'Your SEO check is ready'));
    const toAdmins = expectNewMail(
      mailbox,
      (mail) =>
        mail.replyTo.includes(email) && mail.subject.startsWith('New message: SEO check of'),
    );
    const started = await start(app.client(), { url: `${site.origin}/`, email });
    const mail = await report.next();
    await toAdmins.next();
    expect(mail.text).toContain(`${app.publicUrl}/seo-check/${started.id}`);
    const lead = await pollUntil(
      async () =>
        (
          await db.query<{
            name: string;
            subject: string;
            message: string;
            message_status: string;
          }>(`select name, subject, message, message_status from message where email = $1`, [email])
        ).rows[0],
      { timeoutMs: 20_000, what: 'the lead' },
    );
    expect(lead).toMatchObject({ name: 'SEO check', message_status: 'UnRead' });
    expect(lead.subject).toMatch(new RegExp(`^SEO check of ${site.origin}/ \\(score \\d+/100\\)$`));
    expect(lead.message).toContain(`/seo-check/${started.id}`);
    const subscribers = await db.query(`select 1 from subscriber where email = $1`, [email]);
    expect(subscribers.rowCount).toBe(0);
    // The visitor gets no contact-form receipt for a lead.
    expect(mailbox.find(mailTo(email, 'We have received your message'))).toHaveLength(0);
  });

  test('with the box ticked: a pending subscriber sent the confirmation link', async () => {
    const email = uniqueEmail('reader');
    const confirmation = expectNewMail(mailbox, mailTo(email, 'Confirm your newsletter'));
    await start(app.client(), { url: `${site.origin}/`, email, subscribe: true });
    await confirmation.next();
    const rows = await db.query<{ status: string }>(
      `select status from subscriber where email = $1`,
      [email],
    );
    expect(rows.rows).toStrictEqual([{ status: 'pending' }]);
  });

  test('with the box ticked, the request handled again (its transaction lost after the sign-up) sends no second link', async () => {
    const email = uniqueEmail('again');
    const confirmation = expectNewMail(mailbox, mailTo(email, 'Confirm your newsletter'));
    await start(app.client(), { url: `${site.origin}/`, email, subscribe: true });
    await confirmation.next();
    const requested = `select id, type, payload from outbox_event
                        where type = 'SeoCheckReportRequested' and payload->>'email' = $1`;
    const [event] = (
      await db.query<{ id: string; type: string; payload: Json }>(requested, [email])
    ).rows;
    if (!event) throw new Error(`no SeoCheckReportRequested event for ${email}`);
    // As after a handler whose own transaction was lost once the sign-up had committed: the event is
    // neither recorded as handled nor its row settled, and the worker is handed it again.
    await db.query(`delete from processed_event where event_id = $1`, [event.id]);
    await db.query(
      `update outbox_event set completed_at = null, locked_until = null where id = $1`,
      [event.id],
    );
    await redeliverDomainEvent(suite.services.redisUrl, QUEUE_PREFIX, event);
    const signUps = await db.query(
      `select 1 from outbox_event where type = 'SubscriptionRequested' and payload->>'email' = $1`,
      [email],
    );
    expect(signUps.rowCount).toBe(1);
    const leads = await db.query(`select 1 from message where email = $1`, [email]);
    expect(leads.rowCount).toBe(1);
  });

  test('with the box ticked, an address that unsubscribed stays unsubscribed', async () => {
    const email = uniqueEmail('left');
    await db.query(
      `insert into subscriber (id, email, status, created_at, unsubscribed_at)
       values (gen_random_uuid(), $1, 'unsubscribed', now(), now())`,
      [email],
    );
    const report = expectNewMail(mailbox, mailTo(email, 'Your SEO check is ready'));
    await start(app.client(), { url: `${site.origin}/`, email, subscribe: true });
    await report.next();
    const rows = await db.query<{ status: string }>(
      `select status from subscriber where email = $1`,
      [email],
    );
    expect(rows.rows).toStrictEqual([{ status: 'unsubscribed' }]);
    expect(mailbox.find(mailTo(email, 'Confirm your newsletter'))).toHaveLength(0);
  });
});
