/**
 * The admin's subscriber screens against the built server, real PostgreSQL, Redis and SMTP: pages newest
 * first with a status filter, the streamed CSV export (10,000 rows, keyset-paged across ties), formula
 * escaping, removal with the address's links, access for customers and visitors, and the worker's job
 * that deletes sign-ups left unconfirmed.
 *
 *   npm run build:server && npm run test:integration -- test/integration/admin-subscribers.test.ts
 *
 * DEBUG_APP=1 streams the app's output; it is printed anyway when a test of the file failed.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import { NEWSLETTER_MESSAGES } from '../../src/contracts/newsletter.js';
import { defaultQueuePrefix } from '../../src/platform/config/app-config.js';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  expectNewMail,
  fieldsOf,
  type Json,
  mailTo,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { documentedAccess } from '../support/openapi.js';
import { useWorld } from '../support/world.js';

const EXPIRY_HOURS = 2;
const CSV_HEADER = 'Email,Status,Subscribed At,Confirmed At';
const BULK_ROWS = 10_000;
const DATED_CSV = (infix: string) =>
  new RegExp(`^attachment; filename="subscribers-${infix}\\d{4}-\\d{2}-\\d{2}\\.csv"$`);

type Status = 'pending' | 'confirmed' | 'unsubscribed';

interface Row {
  email: string;
  status: Status;
  /** An SQL expression for created_at; requested_at is the same unless given. */
  createdAt: string;
  requestedAt?: string;
}

/**
 * Inserts subscribers as they would be stored (confirmed ones with a confirmed_at) in one transaction,
 * so that now() is the same instant in every row; returns their ids.
 */
async function insertSubscribers(rows: Row[]): Promise<string[]> {
  const client = await suite.db.connect();
  try {
    await client.query('begin');
    const ids: string[] = [];
    for (const row of rows) {
      const { rows: inserted } = await client.query<{ id: string }>(
        `insert into subscriber (id, email, status, created_at, requested_at, confirmed_at, unsubscribed_at)
         select gen_random_uuid(), $1, $2::text, c, ${row.requestedAt ?? 'c'},
                case when $2 = 'confirmed' then c end, case when $2 = 'unsubscribed' then c end
           from (select ${row.createdAt} as c) t
         returning id`,
        [row.email, row.status],
      );
      ids.push(inserted[0]!.id);
    }
    await client.query('commit');
    return ids;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function sqlCount(where = 'true', params: unknown[] = []): Promise<number> {
  const { rows } = await suite.db.query<{ n: string }>(
    `select count(*)::text as n from subscriber where ${where}`,
    params,
  );
  return Number(rows[0]!.n);
}

/** The CSV's data lines split into cells (no cell of these tests holds a comma or a quote). */
function csvLines(response: HttpResponse): { header: string; rows: string[][] } {
  const lines = response.text.split('\r\n');
  // CRLF-terminated, the last line too.
  expect(lines.at(-1)).toBe('');
  const [header = '', ...rows] = lines.slice(0, -1);
  return { header, rows: rows.map((line) => line.split(',')) };
}

const world = useWorld({
  name: 'admin-subscribers',
  simulateClientIps: true,
  env: { NEWSLETTER_PENDING_EXPIRY_HOURS: String(EXPIRY_HOURS) },
});
const suite = world;

describe('subscribers for admins', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let customer: HttpClient;

  const page = (query = '') => admin.get(`/api/admin/subscribers${query}`);
  const items = (response: HttpResponse) => asObject(response.body, 'the page').items as Json[];

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
    customer = (await world.customer()).client;
  }, 120_000);

  test('the OpenAPI document lists the subscriber operations, for admins', async () => {
    const accessOf = await documentedAccess(api.client());
    expect(accessOf('get', '/api/admin/subscribers')).toBe('admin');
    expect(accessOf('get', '/api/admin/subscribers/export.csv')).toBe('admin');
    expect(accessOf('delete', '/api/admin/subscribers/{id}')).toBe('admin');
  });

  test('pages are newest first (ties by id), with the total; the status filter', async () => {
    const tag = uid();
    const email = (name: string) => `page-${tag}-${name}@example.test`;
    // Newest last in this list; the last two share their time. All newer than any row so far.
    const statuses: Status[] = [
      'unsubscribed',
      'confirmed',
      'pending',
      'confirmed',
      'unsubscribed',
    ];
    const base = `date_trunc('milliseconds', now())`;
    const ids = await insertSubscribers([
      ...statuses.map((status, i) => ({
        email: email(`r${i}`),
        status,
        createdAt: `${base} - make_interval(secs => ${(statuses.length - i) / 1000})`,
      })),
      { email: email('tie-a'), status: 'confirmed', createdAt: base },
      { email: email('tie-b'), status: 'pending', createdAt: base },
    ]);
    const [tieA, tieB] = [ids[5]!, ids[6]!];
    const ties = (tieA > tieB ? ['tie-a', 'tie-b'] : ['tie-b', 'tie-a']).map(email);

    const first = await page('?page=1&pageSize=5');
    assertStatus(first, 200, 'page 1');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const total = await sqlCount();
    expect(first.body).toMatchObject({ total, page: 1, pageSize: 5 });
    // Newest first; the two of the same time by id, descending.
    expect(items(first).map((item) => item.subemail)).toStrictEqual([
      ...ties,
      email('r4'),
      email('r3'),
      email('r2'),
    ]);
    const second = await page('?page=2&pageSize=5');
    expect(
      items(second)
        .slice(0, 2)
        .map((item) => item.subemail),
    ).toStrictEqual([email('r1'), email('r0')]);
    const [newest] = items(first);
    expect(Object.keys(newest!).sort()).toStrictEqual([
      '_id',
      'blockedAt',
      'blockedReason',
      'confirmedAt',
      'createdAt',
      'status',
      'subemail',
    ]);

    // The defaults: page 1 of 5.
    const defaults = await page();
    expect(defaults.body).toMatchObject({ page: 1, pageSize: 5, total });
    expect(items(defaults)).toStrictEqual(items(first));
    // Past the end: no items, the same total.
    const beyond = await page(`?page=${Math.ceil(total / 5) + 1}&pageSize=5`);
    expect(beyond.body).toStrictEqual({
      items: [],
      total,
      page: Math.ceil(total / 5) + 1,
      pageSize: 5,
    });

    const confirmed = await page('?status=confirmed&pageSize=50');
    assertStatus(confirmed, 200, 'confirmed only');
    expect(asObject(confirmed.body, 'the page').total).toBe(await sqlCount(`status = 'confirmed'`));
    // Only confirmed ones, newest first.
    expect(new Set(items(confirmed).map((item) => item.status))).toStrictEqual(
      new Set(['confirmed']),
    );
    expect(
      items(confirmed)
        .slice(0, 3)
        .map((item) => item.subemail),
    ).toStrictEqual([email('tie-a'), email('r3'), email('r1')]);
    const pending = await page('?status=pending&pageSize=1');
    expect(pending.body).toMatchObject({ total: await sqlCount(`status = 'pending'`) });
    expect(items(pending).map((item) => item.subemail)).toStrictEqual([email('tie-b')]);
  });

  test('bad query parameters are a 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=51', 'pageSize'],
      ['pageSize=', 'pageSize'],
      ['status=active', 'status'],
      ['status=', 'status'],
      ['status=pending&status=confirmed', 'status'],
    ] as const) {
      const body = assertErrorBody(await page(`?${query}`), 400, query);
      expect({ query, named: Object.keys(fieldsOf(body)) }).toStrictEqual({
        query,
        named: [field],
      });
    }
    const body = assertErrorBody(
      await admin.get('/api/admin/subscribers/export.csv?status=everyone'),
      400,
      'export with an unknown status',
    );
    expect(fieldsOf(body).status).toBe(
      'status must be one of pending, confirmed, unsubscribed, bounced, complained',
    );
  });

  test(`the CSV export streams every subscriber, newest first: ${BULK_ROWS} rows`, async () => {
    const tag = uid();
    // One statement; three rows share each time, so chunk boundaries (every 1000) fall inside ties.
    await suite.db.query(
      `insert into subscriber (id, email, status, created_at, requested_at, confirmed_at)
       select gen_random_uuid(), 'bulk-' || $1 || '-' || n || '@example.test',
              (array['pending', 'confirmed', 'unsubscribed'])[n % 3 + 1], t, t,
              case when n % 3 = 1 then t + interval '1 minute' end
         from generate_series(1, $2::int) n,
              lateral (select date_trunc('milliseconds', now()) - make_interval(secs => (n / 3) / 100.0) as t) s`,
      [tag, BULK_ROWS],
    );

    const response = await admin.get('/api/admin/subscribers/export.csv', { timeoutMs: 60_000 });
    assertStatus(response, 200, 'GET export.csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(DATED_CSV(''));
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Streamed: no length known in advance.
    expect(response.headers.get('content-length')).toBeNull();

    const { header, rows } = csvLines(response);
    expect(header).toBe(CSV_HEADER);
    expect(rows).toHaveLength(await sqlCount());
    expect(rows.filter(([email]) => email!.startsWith(`bulk-${tag}-`))).toHaveLength(BULK_ROWS);
    // Every subscriber once, in the database's newest-first order (keyset across ties and chunks).
    const { rows: expected } = await suite.db.query<{ email: string }>(
      'select email from subscriber order by created_at desc, id desc',
    );
    expect(rows.map(([email]) => email)).toStrictEqual(expected.map((row) => row.email));

    const { rows: sample } = await suite.db.query<{ created_at: Date; confirmed_at: Date }>(
      'select created_at, confirmed_at from subscriber where email = $1',
      [`bulk-${tag}-4@example.test`],
    );
    const line = rows.find(([email]) => email === `bulk-${tag}-4@example.test`);
    expect(line).toStrictEqual([
      `bulk-${tag}-4@example.test`,
      'confirmed',
      sample[0]!.created_at.toISOString(),
      sample[0]!.confirmed_at.toISOString(),
    ]);
    // A row never confirmed has an empty Confirmed At.
    expect(rows.find(([email]) => email === `bulk-${tag}-3@example.test`)?.[3]).toBe('');
  }, 120_000);

  test('a filtered export has only the subscribers of that status', async () => {
    const response = await admin.get('/api/admin/subscribers/export.csv?status=unsubscribed', {
      timeoutMs: 60_000,
    });
    assertStatus(response, 200, 'GET export.csv?status=unsubscribed');
    expect(response.headers.get('content-disposition')).toMatch(DATED_CSV('unsubscribed-'));
    const { header, rows } = csvLines(response);
    expect(header).toBe(CSV_HEADER);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(await sqlCount(`status = 'unsubscribed'`));
    expect(new Set(rows.map((row) => row[1]))).toStrictEqual(new Set(['unsubscribed']));
  }, 120_000);

  test('cells a spreadsheet would run as formulas start with an apostrophe', async () => {
    const tag = uid();
    const risky = ['=1+2', '+sum', '-2', '@cmd'].map((start) => `${start}-${tag}@evil.test`);
    const quoted = `"a,b"-${tag}@evil.test`;
    await insertSubscribers(
      [...risky, quoted].map((email) => ({ email, status: 'confirmed', createdAt: 'now()' })),
    );
    const response = await admin.get('/api/admin/subscribers/export.csv?status=confirmed', {
      timeoutMs: 60_000,
    });
    assertStatus(response, 200, 'GET export.csv?status=confirmed');
    const lines = response.text.split('\r\n');
    for (const email of risky) {
      const line = lines.find((candidate) => candidate.includes(email));
      expect({ email, line }).toStrictEqual({
        email,
        line: expect.stringMatching(new RegExp(`^'${escapeRegExp(email)},confirmed,`)),
      });
    }
    // A cell with a comma or a quote is quoted, its quotes doubled.
    expect(lines.find((line) => line.includes(tag) && line.includes('a,b'))).toMatch(
      new RegExp(`^${escapeRegExp(`"""a,b""-${tag}@evil.test"`)},confirmed,`),
    );
  }, 120_000);

  test('an admin removes a subscriber with its links; an unknown id is a 404', async () => {
    const email = uniqueEmail('removed');
    const mail = expectNewMail(
      suite.mailbox,
      mailTo(email, 'Confirm your newsletter subscription'),
    );
    assertStatus(await api.client().post('/api/subscribers', { subemail: email }), 202);
    const confirmLink = /\/newsletter\/confirm\?token=([\w-]+)/.exec((await mail.next()).text);
    const { rows } = await suite.db.query<{ id: string }>(
      'select id from subscriber where email = $1',
      [email],
    );
    const id = rows[0]!.id;
    const tokens = () => sqlTokenCount(id);
    // The confirmation and unsubscribe tokens of the mail.
    expect(await tokens()).toBe(2);

    const removed = await admin.delete(`/api/admin/subscribers/${id}`);
    assertStatus(removed, 200, 'DELETE the subscriber');
    expect(removed.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.removed });
    expect(await sqlCount('id = $1', [id])).toBe(0);
    expect(await tokens()).toBe(0);
    // The link of the mail no longer works.
    const confirm = await api.client().post('/api/subscribers/confirm', { token: confirmLink![1] });
    expect(assertErrorBody(confirm, 400, 'the removed address’s link').message).toBe(
      NEWSLETTER_MESSAGES.invalidLink,
    );
    const listed = await page('?pageSize=50');
    expect(items(listed).map((item) => item._id)).not.toContain(id);

    for (const unknown of [id, randomUUID(), 'not-a-uuid']) {
      const body = assertErrorBody(
        await admin.delete(`/api/admin/subscribers/${unknown}`),
        404,
        `DELETE ${unknown}`,
      );
      expect(body.message).toBe(NEWSLETTER_MESSAGES.notFound);
    }
  });

  test('a customer gets 403 and a visitor 401 on every subscriber route', async () => {
    const [id] = await insertSubscribers([
      { email: uniqueEmail('kept'), status: 'confirmed', createdAt: 'now()' },
    ]);
    const visitor = api.client();
    for (const [method, path] of [
      ['GET', '/api/admin/subscribers'],
      ['GET', '/api/admin/subscribers?status=confirmed&page=1&pageSize=5'],
      ['GET', '/api/admin/subscribers/export.csv'],
      ['GET', '/api/admin/subscribers/export.csv?status=pending'],
      ['DELETE', `/api/admin/subscribers/${id}`],
    ] as const) {
      assertErrorBody(await visitor.request(method, path), 401, `${method} ${path} signed out`);
      assertErrorBody(await customer.request(method, path), 403, `${method} ${path} as a customer`);
    }
    // The refused removals removed nothing.
    expect(await sqlCount('id = $1', [id])).toBe(1);
  });

  test(`the worker deletes sign-ups pending ${EXPIRY_HOURS} h after their latest request, nothing else`, async () => {
    const tag = uid();
    const email = (name: string) => `expiry-${tag}-${name}@example.test`;
    const hoursAgo = (hours: number) => `now() - make_interval(hours => ${hours})`;
    const old = hoursAgo(EXPIRY_HOURS + 1);
    const [expired] = await insertSubscribers([
      { email: email('expired'), status: 'pending', createdAt: old },
      // Signed up long ago, asked again recently: a fresh link, so not expired.
      {
        email: email('renewed'),
        status: 'pending',
        createdAt: hoursAgo(720),
        requestedAt: hoursAgo(1),
      },
      { email: email('fresh'), status: 'pending', createdAt: hoursAgo(EXPIRY_HOURS - 1) },
      { email: email('confirmed'), status: 'confirmed', createdAt: hoursAgo(720) },
      { email: email('unsubscribed'), status: 'unsubscribed', createdAt: hoursAgo(720) },
      { email: email('again'), status: 'pending', createdAt: old },
    ]);
    await suite.db.query(
      `insert into subscriber_token (id, subscriber_id, purpose, created_at, expires_at)
       values (md5(random()::text) || md5(random()::text), $1, 'confirm', now() - interval '3 hours', now() + interval '1 day')`,
      [expired],
    );
    // Signing up again through the form renews the old pending address.
    assertStatus(await api.client().post('/api/subscribers', { subemail: email('again') }), 202);

    const connection = { url: suite.services.redisUrl };
    const prefix = defaultQueuePrefix(suite.services.databaseUrl);
    const queue = new Queue('newsletter-maintenance', { connection, prefix });
    const done = new QueueEvents('newsletter-maintenance', { connection, prefix });
    try {
      await done.waitUntilReady();
      // The scheduled job's own work, run now rather than at its next hour.
      const job = await queue.add('expire-pending-subscribers', {});
      await job.waitUntilFinished(done, 30_000);
    } finally {
      await Promise.all([queue.close(), done.close()]);
    }

    const { rows } = await suite.db.query<{ email: string }>(
      'select email from subscriber where email like $1 order by email',
      [`expiry-${tag}-%`],
    );
    expect(rows.map((row) => row.email)).toStrictEqual(
      ['again', 'confirmed', 'fresh', 'renewed', 'unsubscribed'].map(email),
    );
    // Its token went with it.
    expect(await sqlTokenCount(expired!)).toBe(0);
  }, 60_000);
});

async function sqlTokenCount(subscriberId: string): Promise<number> {
  const { rows } = await suite.db.query<{ n: string }>(
    'select count(*)::text as n from subscriber_token where subscriber_id = $1',
    [subscriberId],
  );
  return Number(rows[0]!.n);
}
