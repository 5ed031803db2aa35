/**
 * The newsletter sign-up with double opt-in, against the built server, real PostgreSQL, Redis and SMTP:
 * the same answer for new and known addresses, the confirmation and unsubscribe links of the mails, the
 * form's validation, the admin list and the old site's calls (POST /add-subscriber, GET /subscribers).
 *
 *   npm run build:server && npm run test:integration -- test/integration/newsletter.test.ts
 *
 * DEBUG_APP=1 streams the app's output; it is printed anyway when a test of the file failed.
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { NEWSLETTER_MESSAGES } from '../../src/contracts/newsletter.js';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  expectNewMail,
  fieldsOf,
  type Json,
  mailTo,
  sha256hex,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { documentedAccess } from '../support/openapi.js';
import { useWorld } from '../support/world.js';
import { DEMO_CONTENT } from '../../src/modules/content/demo/demo-content.js';
import { type ReceivedMail } from '../support/mailbox.js';

const SUBJECTS = {
  confirm: 'Confirm your newsletter subscription',
  welcome: 'Welcome to the SEO Agency newsletter',
} as const;
const REQUESTED = { message: NEWSLETTER_MESSAGES.requested };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of the first `${publicUrl}${path}?token=…` link in the mail's text part. */
function tokenFrom(
  mail: ReceivedMail,
  path: '/newsletter/confirm' | '/newsletter/unsubscribe',
  publicUrl: string,
): string {
  const escaped = `${publicUrl.replace(/\/$/, '')}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=([\\w-]+)`).exec(mail.text);
  if (!match?.[1]) {
    throw new Error(`the mail "${mail.subject}" has no ${path}?token=… link:\n${mail.text}`);
  }
  return match[1];
}

async function subscriberRow(email: string) {
  const { rows } = await suite.db.query<{
    id: string;
    email: string;
    status: string;
    confirmed_at: Date | null;
    unsubscribed_at: Date | null;
  }>(
    'SELECT id, email, status, confirmed_at, unsubscribed_at FROM subscriber WHERE email = lower($1)',
    [email],
  );
  // One subscriber row for the address.
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function requestedEvents(email: string): Promise<number> {
  const { rows } = await suite.db.query<{ count: string }>(
    `SELECT count(*) FROM outbox_event WHERE type = 'SubscriptionRequested' AND payload->>'email' = lower($1)`,
    [email],
  );
  return Number(rows[0]!.count);
}

const world = useWorld({
  name: 'newsletter',
  simulateClientIps: true,
});
const suite = world;

describe('newsletter', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let customer: HttpClient;

  const subscribe = (email: string, client: HttpClient = api.client()) =>
    client.post('/api/subscribers', { subemail: email });

  /** Subscribes a new address (202, the notice) and returns the tokens of its confirmation mail. */
  async function subscribeNew(email: string) {
    const mail = expectNewMail(suite.mailbox, mailTo(email, SUBJECTS.confirm));
    const response = await subscribe(email);
    assertStatus(response, 202, `subscribe ${email}`);
    expect(response.body).toStrictEqual(REQUESTED);
    const received = await mail.next();
    return {
      mail: received,
      confirm: tokenFrom(received, '/newsletter/confirm', api.publicUrl),
      unsubscribe: tokenFrom(received, '/newsletter/unsubscribe', api.publicUrl),
    };
  }

  /** Waits for a mail sent after everything queued before it, then a moment more. */
  async function settleMailQueue(): Promise<void> {
    await subscribeNew(uniqueEmail('sentinel'));
    await sleep(500);
  }

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
    customer = (await world.customer()).client;
  }, 120_000);

  test('the OpenAPI document lists the newsletter operations with their access', async () => {
    const accessOf = await documentedAccess(api.client());
    expect(accessOf('post', '/api/subscribers')).toBe('public');
    expect(accessOf('post', '/api/subscribers/confirm')).toBe('public');
    expect(accessOf('post', '/api/subscribers/unsubscribe')).toBe('public');
    expect(accessOf('get', '/api/admin/subscribers')).toBe('admin');
    // The seed aliases; GET /api/subscribers shares its path with the canonical POST.
    expect(accessOf('get', '/api/subscribers')).toBe('admin');
    expect(accessOf('post', '/api/add-subscriber')).toBe('public');
  });

  test('a new address gets a link that confirms it once; the link is stored hashed', async () => {
    const email = `News-${uid()}@Example.TEST`;
    const { mail, confirm, unsubscribe } = await subscribeNew(email);
    // Sent to the address, lower-cased.
    expect(mail.envelopeTo).toStrictEqual([email.toLowerCase()]);
    // The HTML part links it too.
    expect(mail.html).toContain('/newsletter/unsubscribe?token=');
    // A newsletter e-mail: the list's List-Id, why it came, and the sender's postal address (the demo
    // content's SEO settings).
    const head = mail.raw.toString('utf8').split('\r\n\r\n')[0]!.split('\r\n');
    expect(
      head.filter((line) => /^List-Id:/i.test(line)).map((line) => line.slice(8)),
    ).toStrictEqual([` SEO Agency newsletter <newsletter.${new URL(api.publicUrl).hostname}>`]);
    const oneLine = mail.text.replace(/\s+/g, ' ');
    expect(oneLine).toContain(
      'You received this e-mail because this address was signed up for the SEO Agency newsletter.',
    );
    expect(oneLine).toContain(String(DEMO_CONTENT.seo?.[0]?.postalAddress));

    const pending = await subscriberRow(email);
    expect(pending.email).toBe(email.toLowerCase());
    expect(pending.status).toBe('pending');
    expect(pending.confirmed_at).toBeNull();
    const { rows: tokens } = await suite.db.query<{ id: string; purpose: string }>(
      'SELECT id, purpose FROM subscriber_token WHERE subscriber_id = $1 ORDER BY purpose',
      [pending.id],
    );
    // Only the hashes of the tokens are stored.
    expect(tokens).toStrictEqual([
      { id: sha256hex(confirm), purpose: 'confirm' },
      { id: sha256hex(unsubscribe), purpose: 'unsubscribe' },
    ]);

    const welcome = expectNewMail(suite.mailbox, mailTo(email, SUBJECTS.welcome));
    const confirmed = await api.client().post('/api/subscribers/confirm', { token: confirm });
    assertStatus(confirmed, 200, 'confirm');
    expect(confirmed.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.confirmed });
    const row = await subscriberRow(email);
    expect(row.status).toBe('confirmed');
    expect(row.confirmed_at).toBeInstanceOf(Date);

    const reused = await api.client().post('/api/subscribers/confirm', { token: confirm });
    const body = assertErrorBody(reused, 400, 'the same link again');
    expect(body.message).toBe(NEWSLETTER_MESSAGES.invalidLink);

    const welcomeMail = await welcome.next();
    tokenFrom(welcomeMail, '/newsletter/unsubscribe', api.publicUrl);
  });

  test('a confirmed address signing up again gets the same answer and no mail', async () => {
    const email = uniqueEmail('again');
    const { confirm } = await subscribeNew(email);
    assertStatus(await api.client().post('/api/subscribers/confirm', { token: confirm }), 200);

    const mail = expectNewMail(suite.mailbox, mailTo(email, SUBJECTS.confirm));
    const again = await subscribe(email.toUpperCase());
    assertStatus(again, 202, 'the confirmed address again');
    // The same answer as for a new address.
    expect(again.body).toStrictEqual(REQUESTED);
    // No new SubscriptionRequested.
    expect(await requestedEvents(email)).toBe(1);
    expect((await subscriberRow(email)).status).toBe('confirmed');
    await settleMailQueue();
    // No confirmation mail for a confirmed address.
    expect(mail.arrived()).toStrictEqual([]);
  });

  test('a pending address signing up again gets a new link; each link works', async () => {
    const email = uniqueEmail('pending');
    const first = await subscribeNew(email);
    const second = await subscribeNew(email);
    // A new link.
    expect(first.confirm).not.toBe(second.confirm);
    assertStatus(
      await api.client().post('/api/subscribers/confirm', { token: first.confirm }),
      200,
      'the first link',
    );
    // The second link finds the address confirmed already: fine, nothing changes.
    const later = await api.client().post('/api/subscribers/confirm', { token: second.confirm });
    assertStatus(later, 200, 'the second link');
    expect(later.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.confirmed });
    expect((await subscriberRow(email)).status).toBe('confirmed');
  });

  test('the unsubscribe link of any newsletter mail unsubscribes, and keeps working', async () => {
    const email = uniqueEmail('leaving');
    const { confirm } = await subscribeNew(email);
    const welcome = expectNewMail(suite.mailbox, mailTo(email, SUBJECTS.welcome));
    assertStatus(await api.client().post('/api/subscribers/confirm', { token: confirm }), 200);
    const token = tokenFrom(await welcome.next(), '/newsletter/unsubscribe', api.publicUrl);

    for (const attempt of ['first', 'second']) {
      const response = await api.client().post('/api/subscribers/unsubscribe', { token });
      assertStatus(response, 200, `unsubscribe, ${attempt} time`);
      expect(response.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    }
    const row = await subscriberRow(email);
    expect(row.status).toBe('unsubscribed');
    expect(row.unsubscribed_at).toBeInstanceOf(Date);

    // Signing up again starts the double opt-in afresh.
    const again = await subscribeNew(email);
    expect((await subscriberRow(email)).status).toBe('pending');
    assertStatus(
      await api.client().post('/api/subscribers/confirm', { token: again.confirm }),
      200,
    );
    expect((await subscriberRow(email)).status).toBe('confirmed');
  });

  test('unsubscribing from the confirmation mail voids its confirmation link', async () => {
    const email = uniqueEmail('not-me');
    const { confirm, unsubscribe } = await subscribeNew(email);
    assertStatus(
      await api.client().post('/api/subscribers/unsubscribe', { token: unsubscribe }),
      200,
    );
    expect((await subscriberRow(email)).status).toBe('unsubscribed');
    const refused = await api.client().post('/api/subscribers/confirm', { token: confirm });
    expect(assertErrorBody(refused, 400).message).toBe(NEWSLETTER_MESSAGES.invalidLink);
    expect((await subscriberRow(email)).status).toBe('unsubscribed');
  });

  test('unknown and malformed link tokens are 400 with the invalid-link message', async () => {
    for (const path of ['/api/subscribers/confirm', '/api/subscribers/unsubscribe']) {
      for (const token of ['x'.repeat(43), 'short', '../../etc/passwd']) {
        const body = assertErrorBody(await api.client().post(path, { token }), 400, path);
        const message = (body.fields as Json | undefined)?.token ?? body.message;
        expect({ path, token, message: String(message) }).toStrictEqual({
          path,
          token,
          message: expect.stringContaining(NEWSLETTER_MESSAGES.invalidLink),
        });
      }
    }
  });

  test('the form is validated: e-mail required and valid, nothing else', async () => {
    const invalid = await api.client().post('/api/subscribers', { subemail: 'not-an-email' });
    expect(fieldsOf(assertErrorBody(invalid, 400)).subemail).toBe('Provide a Valid Email');

    const missing = await api.client().post('/api/subscribers', { subemail: '  ' });
    expect(fieldsOf(assertErrorBody(missing, 400)).subemail).toBe('Email is Required');

    const extra = await api.client().post('/api/subscribers', {
      subemail: uniqueEmail('extra'),
      name: 'Mallory',
    });
    expect(fieldsOf(assertErrorBody(extra, 400)).name).toBe('Unknown field');

    const { rows } = await suite.db.query(
      `SELECT 1 FROM subscriber WHERE email = 'not-an-email' OR email LIKE 'extra-%'`,
    );
    // Nothing stored.
    expect(rows).toHaveLength(0);
  });

  test('the admin lists the subscribers newest first; others are refused', async () => {
    const older = uniqueEmail('older');
    const newer = uniqueEmail('newer');
    assertStatus(await subscribe(older), 202);
    await sleep(20);
    assertStatus(await subscribe(newer), 202);

    const response = await admin.get('/api/admin/subscribers?page=1&pageSize=50');
    assertStatus(response, 200, 'GET /api/admin/subscribers');
    const page = asObject(response.body, 'the page');
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.items).toBeInstanceOf(Array);
    const list = page.items as Json[];
    // Every subscriber so far fits on the page: the total counts them.
    expect(page.total).toBe(list.length);
    const emails = list.map((subscriber) => subscriber.subemail);
    expect(emails).toEqual(expect.arrayContaining([newer, older]));
    // The newer one first.
    expect(emails.indexOf(newer)).toBeLessThan(emails.indexOf(older));
    const times = list.map((subscriber) => Date.parse(String(subscriber.createdAt)));
    // Sorted by createdAt, newest first.
    expect(times).toStrictEqual([...times].sort((a, b) => b - a));
    const entry = list.find((subscriber) => subscriber.subemail === newer)!;
    expect(Object.keys(entry).sort()).toStrictEqual([
      '_id',
      'blockedAt',
      'blockedReason',
      'confirmedAt',
      'createdAt',
      'status',
      'subemail',
    ]);
    expect(String(entry._id)).toMatch(UUID);
    expect(entry.status).toBe('pending');
    expect(entry.confirmedAt).toBeNull();

    assertErrorBody(await api.client().get('/api/admin/subscribers'), 401, 'signed out');
    assertErrorBody(await customer.get('/api/admin/subscribers'), 403, 'as a customer');
  });

  test('the old site’s calls: POST /api/add-subscriber and GET /api/subscribers', async () => {
    const email = uniqueEmail('seed');
    const mail = expectNewMail(suite.mailbox, mailTo(email, SUBJECTS.confirm));
    const added = await api.client().post('/api/add-subscriber', { subemail: email });
    assertStatus(added, 201, 'POST /api/add-subscriber');
    expect(added.body).toStrictEqual(REQUESTED);
    const confirm = tokenFrom(await mail.next(), '/newsletter/confirm', api.publicUrl);
    assertStatus(await api.client().post('/api/subscribers/confirm', { token: confirm }), 200);

    // A known address gets the very same answer.
    const again = await api.client().post('/api/add-subscriber', { subemail: email });
    assertStatus(again, 201, 'POST /api/add-subscriber, known address');
    expect(again.body).toStrictEqual(REQUESTED);

    const invalid = await api.client().post('/api/add-subscriber', { subemail: 'nope' });
    expect(fieldsOf(assertErrorBody(invalid, 400)).subemail).toBe('Provide a Valid Email');

    const seedList = await admin.get('/api/subscribers');
    assertStatus(seedList, 200, 'GET /api/subscribers');
    const canonical = await admin.get('/api/admin/subscribers?pageSize=50');
    const { items, total } = asObject(canonical.body, 'the canonical page');
    // The same records as the canonical list (all on its page), in the same order.
    expect((seedList.body as Json[]).length).toBe(total);
    expect(seedList.body).toStrictEqual(items);
    const record = (seedList.body as Json[]).find((subscriber) => subscriber.subemail === email);
    if (!record) throw new Error(`the seed list has no ${email}`);
    expect(String(record._id)).toMatch(UUID);
    expect(record.status).toBe('confirmed');

    assertErrorBody(await api.client().get('/api/subscribers'), 401, 'signed out');
    assertErrorBody(await customer.get('/api/subscribers'), 403, 'as a customer');
  });

  test('sign-ups are limited per client address (429 with Retry-After)', async () => {
    const email = uniqueEmail('limit');
    const client = api.client();
    for (let attempt = 1; attempt <= 20; attempt++) {
      assertStatus(await subscribe(email, client), 202, `sign-up ${attempt} of 20`);
    }
    const refused = await subscribe(uniqueEmail('limit'), client);
    const body = assertErrorBody(refused, 429, 'the 21st sign-up from one address');
    expect(body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // A Retry-After header.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    assertStatus(await subscribe(uniqueEmail('limit')), 202, 'another address is not limited');
    // One address asked for 20 times got at most a few mails (the per-address limit).
    await settleMailQueue();
    const mails = suite.mailbox.find(mailTo(email, SUBJECTS.confirm));
    // Between one and five confirmation mails.
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(5);
  });
});
