/**
 * The newsletter sign-up with double opt-in, against the built server, real PostgreSQL, Redis and SMTP:
 * the same answer for new and known addresses, the confirmation and unsubscribe links of the mails, the
 * form's validation, the admin list and the old site's calls (POST /add-subscriber, GET /subscribers).
 *
 *   npm run build:server && node --import tsx --test test/integration/newsletter.test.ts
 *
 * DEBUG_APP=1 streams the app's output; it is printed anyway when a test of the file failed.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { NEWSLETTER_MESSAGES } from '../../src/contracts/newsletter.js';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  createAccount,
  expectNewMail,
  fieldsOf,
  type Json,
  loginOk,
  mailTo,
  sha256hex,
  strongPassword,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp, startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';
import { type ReceivedMail } from '../support/mailbox.js';

const suite = useIdentitySuite();

const adminEmail = `admin-${uid()}@seo-agency.test`;
const adminPassword = strongPassword();

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
  assert.ok(match?.[1], `the mail "${mail.subject}" has a ${path}?token=… link:\n${mail.text}`);
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
  assert.equal(rows.length, 1, `one subscriber row for ${email}`);
  return rows[0]!;
}

async function requestedEvents(email: string): Promise<number> {
  const { rows } = await suite.db.query<{ count: string }>(
    `SELECT count(*) FROM outbox_event WHERE type = 'SubscriptionRequested' AND payload->>'email' = lower($1)`,
    [email],
  );
  return Number(rows[0]!.count);
}

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
    assert.deepEqual(response.body, REQUESTED);
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

  before(
    async () => {
      api = await startIdentityApp(suite, {
        name: 'newsletter',
        adminEmail,
        adminPassword,
        simulateClientIps: true,
      });
      admin = api.client();
      await loginOk(admin, adminEmail, adminPassword);
      customer = api.client();
      const account = await createAccount(customer, suite.mailbox, api.publicUrl);
      await loginOk(customer, account.email, account.password);
    },
    { timeout: 120_000 },
  );

  test('the OpenAPI document lists the newsletter operations with their access', async () => {
    const document = asObject((await api.client().get('/api/docs-json')).body, 'the document');
    const paths = asObject(document.paths, 'its paths');
    const accessOf = (method: string, path: string) =>
      (asObject(paths[path] ?? {}, path)[method] as Json | undefined)?.['x-access'];
    assert.equal(accessOf('post', '/api/subscribers'), 'public');
    assert.equal(accessOf('post', '/api/subscribers/confirm'), 'public');
    assert.equal(accessOf('post', '/api/subscribers/unsubscribe'), 'public');
    assert.equal(accessOf('get', '/api/admin/subscribers'), 'admin');
    // The seed aliases; GET /api/subscribers shares its path with the canonical POST.
    assert.equal(accessOf('get', '/api/subscribers'), 'admin');
    assert.equal(accessOf('post', '/api/add-subscriber'), 'public');
  });

  test('a new address gets a link that confirms it once; the link is stored hashed', async () => {
    const email = `News-${uid()}@Example.TEST`;
    const { mail, confirm, unsubscribe } = await subscribeNew(email);
    assert.deepEqual(mail.envelopeTo, [email.toLowerCase()], 'sent to the address, lower-cased');
    assert.ok(mail.html?.includes('/newsletter/unsubscribe?token='), 'the HTML part links it too');

    const pending = await subscriberRow(email);
    assert.equal(pending.email, email.toLowerCase());
    assert.equal(pending.status, 'pending');
    assert.equal(pending.confirmed_at, null);
    const { rows: tokens } = await suite.db.query<{ id: string; purpose: string }>(
      'SELECT id, purpose FROM subscriber_token WHERE subscriber_id = $1 ORDER BY purpose',
      [pending.id],
    );
    assert.deepEqual(
      tokens,
      [
        { id: sha256hex(confirm), purpose: 'confirm' },
        { id: sha256hex(unsubscribe), purpose: 'unsubscribe' },
      ],
      'only the hashes of the tokens are stored',
    );

    const welcome = expectNewMail(suite.mailbox, mailTo(email, SUBJECTS.welcome));
    const confirmed = await api.client().post('/api/subscribers/confirm', { token: confirm });
    assertStatus(confirmed, 200, 'confirm');
    assert.deepEqual(confirmed.body, { message: NEWSLETTER_MESSAGES.confirmed });
    const row = await subscriberRow(email);
    assert.equal(row.status, 'confirmed');
    assert.ok(row.confirmed_at instanceof Date, 'confirmed_at is set');

    const reused = await api.client().post('/api/subscribers/confirm', { token: confirm });
    const body = assertErrorBody(reused, 400, 'the same link again');
    assert.equal(body.message, NEWSLETTER_MESSAGES.invalidLink);

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
    assert.deepEqual(again.body, REQUESTED, 'the same answer as for a new address');
    assert.equal(await requestedEvents(email), 1, 'no new SubscriptionRequested');
    assert.equal((await subscriberRow(email)).status, 'confirmed');
    await settleMailQueue();
    assert.deepEqual(mail.arrived(), [], 'no confirmation mail for a confirmed address');
  });

  test('a pending address signing up again gets a new link; each link works', async () => {
    const email = uniqueEmail('pending');
    const first = await subscribeNew(email);
    const second = await subscribeNew(email);
    assert.notEqual(first.confirm, second.confirm, 'a new link');
    assertStatus(
      await api.client().post('/api/subscribers/confirm', { token: first.confirm }),
      200,
      'the first link',
    );
    // The second link finds the address confirmed already: fine, nothing changes.
    const later = await api.client().post('/api/subscribers/confirm', { token: second.confirm });
    assertStatus(later, 200, 'the second link');
    assert.deepEqual(later.body, { message: NEWSLETTER_MESSAGES.confirmed });
    assert.equal((await subscriberRow(email)).status, 'confirmed');
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
      assert.deepEqual(response.body, { message: NEWSLETTER_MESSAGES.unsubscribed });
    }
    const row = await subscriberRow(email);
    assert.equal(row.status, 'unsubscribed');
    assert.ok(row.unsubscribed_at instanceof Date, 'unsubscribed_at is set');

    // Signing up again starts the double opt-in afresh.
    const again = await subscribeNew(email);
    assert.equal((await subscriberRow(email)).status, 'pending');
    assertStatus(
      await api.client().post('/api/subscribers/confirm', { token: again.confirm }),
      200,
    );
    assert.equal((await subscriberRow(email)).status, 'confirmed');
  });

  test('unsubscribing from the confirmation mail voids its confirmation link', async () => {
    const email = uniqueEmail('not-me');
    const { confirm, unsubscribe } = await subscribeNew(email);
    assertStatus(
      await api.client().post('/api/subscribers/unsubscribe', { token: unsubscribe }),
      200,
    );
    assert.equal((await subscriberRow(email)).status, 'unsubscribed');
    const refused = await api.client().post('/api/subscribers/confirm', { token: confirm });
    assert.equal(assertErrorBody(refused, 400).message, NEWSLETTER_MESSAGES.invalidLink);
    assert.equal((await subscriberRow(email)).status, 'unsubscribed');
  });

  test('unknown and malformed link tokens are 400 with the invalid-link message', async () => {
    for (const path of ['/api/subscribers/confirm', '/api/subscribers/unsubscribe']) {
      for (const token of ['x'.repeat(43), 'short', '../../etc/passwd']) {
        const body = assertErrorBody(await api.client().post(path, { token }), 400, path);
        const message = (body.fields as Json | undefined)?.token ?? body.message;
        assert.ok(
          String(message).includes(NEWSLETTER_MESSAGES.invalidLink),
          `${path} ${token}: ${JSON.stringify(body)}`,
        );
      }
    }
  });

  test('the form is validated: e-mail required and valid, nothing else', async () => {
    const invalid = await api.client().post('/api/subscribers', { subemail: 'not-an-email' });
    assert.equal(fieldsOf(assertErrorBody(invalid, 400)).subemail, 'Provide a Valid Email');

    const missing = await api.client().post('/api/subscribers', { subemail: '  ' });
    assert.equal(fieldsOf(assertErrorBody(missing, 400)).subemail, 'Email is Required');

    const extra = await api.client().post('/api/subscribers', {
      subemail: uniqueEmail('extra'),
      name: 'Mallory',
    });
    assert.equal(fieldsOf(assertErrorBody(extra, 400)).name, 'Unknown field');

    const { rows } = await suite.db.query(
      `SELECT 1 FROM subscriber WHERE email = 'not-an-email' OR email LIKE 'extra-%'`,
    );
    assert.equal(rows.length, 0, 'nothing stored');
  });

  test('the admin lists the subscribers newest first; others are refused', async () => {
    const older = uniqueEmail('older');
    const newer = uniqueEmail('newer');
    assertStatus(await subscribe(older), 202);
    await sleep(20);
    assertStatus(await subscribe(newer), 202);

    const response = await admin.get('/api/admin/subscribers');
    assertStatus(response, 200, 'GET /api/admin/subscribers');
    assert.ok(Array.isArray(response.body), `an array: ${response.text}`);
    const list = response.body as Json[];
    const emails = list.map((subscriber) => subscriber.subemail);
    assert.ok(emails.indexOf(newer) !== -1 && emails.indexOf(older) !== -1, response.text);
    assert.ok(emails.indexOf(newer) < emails.indexOf(older), 'the newer one first');
    const times = list.map((subscriber) => Date.parse(String(subscriber.createdAt)));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'sorted by createdAt, newest first',
    );
    const entry = list.find((subscriber) => subscriber.subemail === newer)!;
    assert.deepEqual(Object.keys(entry).sort(), [
      '_id',
      'confirmedAt',
      'createdAt',
      'status',
      'subemail',
    ]);
    assert.match(String(entry._id), UUID);
    assert.equal(entry.status, 'pending');
    assert.equal(entry.confirmedAt, null);

    assertErrorBody(await api.client().get('/api/admin/subscribers'), 401, 'signed out');
    assertErrorBody(await customer.get('/api/admin/subscribers'), 403, 'as a customer');
  });

  test('the old site’s calls: POST /api/add-subscriber and GET /api/subscribers', async () => {
    const email = uniqueEmail('seed');
    const mail = expectNewMail(suite.mailbox, mailTo(email, SUBJECTS.confirm));
    const added = await api.client().post('/api/add-subscriber', { subemail: email });
    assertStatus(added, 201, 'POST /api/add-subscriber');
    assert.deepEqual(added.body, REQUESTED);
    const confirm = tokenFrom(await mail.next(), '/newsletter/confirm', api.publicUrl);
    assertStatus(await api.client().post('/api/subscribers/confirm', { token: confirm }), 200);

    // A known address gets the very same answer.
    const again = await api.client().post('/api/add-subscriber', { subemail: email });
    assertStatus(again, 201, 'POST /api/add-subscriber, known address');
    assert.deepEqual(again.body, REQUESTED);

    const invalid = await api.client().post('/api/add-subscriber', { subemail: 'nope' });
    assert.equal(fieldsOf(assertErrorBody(invalid, 400)).subemail, 'Provide a Valid Email');

    const seedList = await admin.get('/api/subscribers');
    assertStatus(seedList, 200, 'GET /api/subscribers');
    const canonical = await admin.get('/api/admin/subscribers');
    assert.deepEqual(seedList.body, canonical.body, 'the same records as the canonical list');
    const record = (seedList.body as Json[]).find((subscriber) => subscriber.subemail === email);
    assert.ok(record, `the seed list has ${email}`);
    assert.match(String(record._id), UUID);
    assert.equal(record.status, 'confirmed');

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
    assert.equal(body.message, AUTH_MESSAGES.tooManyAttempts);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'a Retry-After header');
    assertStatus(await subscribe(uniqueEmail('limit')), 202, 'another address is not limited');
    // One address asked for 20 times got at most a few mails (the per-address limit).
    await settleMailQueue();
    const mails = suite.mailbox.find(mailTo(email, SUBJECTS.confirm));
    assert.ok(mails.length >= 1 && mails.length <= 5, `${mails.length} confirmation mails`);
  });
});
