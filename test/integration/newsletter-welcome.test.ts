/**
 * The welcome e-mail against the built server, real PostgreSQL, Redis and SMTP: edited by an admin
 * (subject, Markdown, on/off), sent once per subscriber on confirmation through the outbox with a
 * working unsubscribe link, never twice (a second confirmation, a re-subscription), never while off,
 * never to a blocked address; its preview, its test send to the admin, and the validation of every input.
 *
 *   npm run build:server && npm run test:integration -- test/integration/newsletter-welcome.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN,
  NEWSLETTER_MESSAGES,
} from '../../src/contracts/newsletter.js';
import {
  DEFAULT_WELCOME_EMAIL,
  WELCOME_EMAIL_PATH,
  WELCOME_TEXTS,
} from '../../src/contracts/newsletter-welcome.js';
import { type HttpClient } from '../support/http-client.js';
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
import { type ReceivedMail } from '../support/mailbox.js';
import { pollUntil } from '../support/net.js';
import { documentedAccess } from '../support/openapi.js';
import { outboxEvents } from '../support/outbox-events.js';
import { useWorld } from '../support/world.js';

const CONFIRM_SUBJECT = 'Confirm your newsletter subscription';

const world = useWorld({ name: 'newsletter-welcome', simulateClientIps: true });
const events = outboxEvents(() => world.db);

/** The token of the first `${publicUrl}${path}?token=…` link in the mail's text part. */
function tokenFrom(mail: ReceivedMail, path: string, publicUrl: string): string {
  const escaped = `${publicUrl.replace(/\/$/, '')}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=([\\w-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`"${mail.subject}" has no ${path}?token=… link:\n${mail.text}`);
  return match[1];
}

/** The values of a header of the raw message (unfolded). */
function headerValues(mail: ReceivedMail, name: string): string[] {
  const head = mail.raw
    .toString('utf8')
    .split('\r\n\r\n')[0]!
    .replace(/\r\n[ \t]+/g, ' ');
  return head
    .split('\r\n')
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    .map((line) => line.slice(name.length + 1).trim());
}

describe('the welcome e-mail', () => {
  let api: IdentityApp;
  let admin: HttpClient;

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
  }, 120_000);

  /** Nothing more is owed to or about the address: its events handled, its e-mails delivered. */
  async function settled(email: string): Promise<void> {
    await pollUntil(
      async () => {
        const { rows } = await world.db.query<{ owed: string; failed: string }>(
          `select count(*) filter (where completed_at is null and failed_at is null) as owed,
                  count(*) filter (where failed_at is not null) as failed
             from outbox_event where payload->>'email' = $1 or payload->>'to' = $1`,
          [email.toLowerCase()],
        );
        if (Number(rows[0]?.failed) > 0) throw new Error(`an outbox row for ${email} failed`);
        return Number(rows[0]?.owed) === 0;
      },
      { timeoutMs: 20_000, what: `the outbox to settle for ${email}` },
    );
  }

  /** Subscribes the address and returns the tokens of its confirmation mail. */
  async function subscribe(email: string) {
    const mail = expectNewMail(world.mailbox, mailTo(email, CONFIRM_SUBJECT));
    assertStatus(await api.client().post('/api/subscribers', { subemail: email }), 202);
    const received = await mail.next();
    return {
      confirm: tokenFrom(received, '/newsletter/confirm', api.publicUrl),
      unsubscribe: tokenFrom(received, '/newsletter/unsubscribe', api.publicUrl),
    };
  }

  const confirm = async (token: string) => {
    const response = await api.client().post('/api/subscribers/confirm', { token });
    assertStatus(response, 200, 'confirm');
  };

  const save = async (input: { enabled: boolean; subject: string; body: string }) => {
    const response = await admin.put(WELCOME_EMAIL_PATH, input);
    assertStatus(response, 200, 'save the welcome e-mail');
    return asObject(response.body, 'welcome e-mail');
  };

  const welcomesTo = (email: string, subject: string) =>
    world.mailbox.find(mailTo(email, subject)).filter((mail) => mail.subject === subject);

  test('the OpenAPI document lists the welcome routes as admin-only', async () => {
    const accessOf = await documentedAccess(api.client());
    expect(accessOf('get', WELCOME_EMAIL_PATH)).toStrictEqual(['admin', 'editor']);
    expect(accessOf('put', WELCOME_EMAIL_PATH)).toStrictEqual(['admin', 'editor']);
    expect(accessOf('post', `${WELCOME_EMAIL_PATH}/preview`)).toStrictEqual(['admin', 'editor']);
    expect(accessOf('post', `${WELCOME_EMAIL_PATH}/test`)).toStrictEqual(['admin', 'editor']);
  });

  test('until an admin saves one, the default text is the welcome e-mail, switched on', async () => {
    const response = await admin.get(WELCOME_EMAIL_PATH);
    assertStatus(response, 200);
    expect(response.body).toStrictEqual({
      enabled: true,
      ...DEFAULT_WELCOME_EMAIL,
      updatedAt: null,
      updatedBy: null,
    });
  });

  test('a confirmed subscriber gets the edited welcome once, with a working unsubscribe link', async () => {
    const subject = `Welcome aboard ${uid()}`;
    const saved = await save({
      enabled: true,
      subject,
      body: '## Hello\n\nHere is **our best advice**: [read it](https://example.test/advice).',
    });
    expect(saved).toMatchObject({ enabled: true, subject, updatedBy: world.adminEmail });
    expect((await admin.get(WELCOME_EMAIL_PATH)).body).toStrictEqual(saved);
    // Audited with the text before and after.
    const { rows: audit } = await world.db.query<{ after: Json; actor_email: string }>(
      `select after, actor_email from audit_entry where kind = 'newsletter-welcome.saved'
        order by at desc limit 1`,
    );
    expect(audit[0]).toMatchObject({ actor_email: world.adminEmail, after: { subject } });

    const email = uniqueEmail('welcomed');
    const tokens = await subscribe(email);
    const welcome = expectNewMail(world.mailbox, mailTo(email, subject));
    await confirm(tokens.confirm);
    const mail = await welcome.next();
    expect(mail.subject).toBe(subject);
    // The Markdown, rendered as a campaign's.
    expect(mail.html).toContain('<strong>our best advice</strong>');
    expect(mail.html).toContain('href="https://example.test/advice"');
    expect(mail.text).toContain('our best advice');
    // The unsubscribe footer and the one-click headers.
    const unsubscribe = tokenFrom(mail, '/newsletter/unsubscribe', api.publicUrl);
    expect(headerValues(mail, 'List-Unsubscribe')).toStrictEqual([
      `<${api.publicUrl.replace(/\/$/, '')}/newsletter/unsubscribe?token=${unsubscribe}>`,
    ]);
    expect(headerValues(mail, 'List-Unsubscribe-Post')).toStrictEqual([
      'List-Unsubscribe=One-Click',
    ]);

    // The same link again is refused, and sends nothing more.
    assertErrorBody(
      await api.client().post('/api/subscribers/confirm', { token: tokens.confirm }),
      400,
      'the same link again',
    );
    await settled(email);
    expect(welcomesTo(email, subject)).toHaveLength(1);

    // The link unsubscribes.
    const left = await api.client().post('/api/subscribers/unsubscribe', { token: unsubscribe });
    assertStatus(left, 200, 'unsubscribe from the welcome');
    expect(left.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    const { rows } = await world.db.query<{ status: string }>(
      'select status from subscriber where email = $1',
      [email],
    );
    expect(rows[0]?.status).toBe('unsubscribed');

    // Signing up again and confirming: a welcome goes once per subscriber, never again.
    const again = await subscribe(email);
    await confirm(again.confirm);
    await settled(email);
    expect(welcomesTo(email, subject)).toHaveLength(1);
  }, 60_000);

  test('a pending address confirming with two links is welcomed once', async () => {
    const subject = `Twice ${uid()}`;
    await save({ enabled: true, subject, body: 'Welcome!' });
    const email = uniqueEmail('twice');
    const first = await subscribe(email);
    const second = await subscribe(email);
    const welcome = expectNewMail(world.mailbox, mailTo(email, subject));
    await confirm(first.confirm);
    await confirm(second.confirm);
    await welcome.next();
    await settled(email);
    expect(welcomesTo(email, subject)).toHaveLength(1);
  }, 60_000);

  test('switched off, confirming sends no welcome', async () => {
    const subject = `Switched off ${uid()}`;
    const saved = await save({ enabled: false, subject, body: 'Nobody reads this.' });
    expect(saved.enabled).toBe(false);
    try {
      const email = uniqueEmail('unwelcomed');
      const tokens = await subscribe(email);
      await confirm(tokens.confirm);
      await settled(email);
      const { rows } = await world.db.query<{ status: string; welcomed_at: Date | null }>(
        'select status, welcomed_at from subscriber where email = $1',
        [email],
      );
      expect(rows[0]).toStrictEqual({ status: 'confirmed', welcomed_at: null });
      expect(welcomesTo(email, subject)).toStrictEqual([]);
    } finally {
      await save({ enabled: true, subject, body: 'On again.' });
    }
  }, 60_000);

  test('a bounced or complained address never gets it', async () => {
    const subject = `Blocked ${uid()}`;
    await save({ enabled: true, subject, body: 'Hello.' });
    for (const status of ['bounced', 'complained', 'unsubscribed']) {
      const email = uniqueEmail(status);
      const id = randomUUID();
      await world.db.query(
        `insert into subscriber (id, email, status, created_at, requested_at, confirmed_at, blocked_at)
         values ($1, $2, $3, now(), now(), now(), case when $3 <> 'unsubscribed' then now() end)`,
        [id, email, status],
      );
      // Its confirmation, as if the provider's report came in just after it.
      const event = await events.commit('SubscriberConfirmed', { subscriberId: id, email });
      await events.handled(event);
      await settled(email);
      expect(welcomesTo(email, subject)).toStrictEqual([]);
    }
  }, 60_000);

  test('the preview is the e-mail as subscribers get it, with the test unsubscribe link', async () => {
    const response = await admin.post(`${WELCOME_EMAIL_PATH}/preview`, {
      subject: 'Hello there',
      body: '# Big news\n\nSome **bold** advice.\n\n<script>alert(1)</script>',
    });
    assertStatus(response, 200, 'preview');
    const preview = asObject(response.body, 'preview');
    expect(preview.subject).toBe('Hello there');
    expect(preview.html).toContain('<strong>bold</strong>');
    // Raw HTML is shown as text.
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain(
      `/newsletter/unsubscribe?token=${CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN}`,
    );
    expect(preview.text).toContain('Some bold advice.');
  });

  test('a test goes to the signed-in admin only, marked as a test, text as written', async () => {
    const subject = `Unsaved welcome ${uid()}`;
    const test = expectNewMail(world.mailbox, mailTo(world.adminEmail, subject));
    const response = await admin.post(`${WELCOME_EMAIL_PATH}/test`, {
      subject,
      body: 'A *draft* of the welcome.',
    });
    assertStatus(response, 202, 'test send');
    expect(response.body).toStrictEqual({ message: WELCOME_TEXTS.testSent });
    const mail = await test.next();
    expect(mail.subject).toBe(`[Test] ${subject}`);
    expect(mail.envelopeTo).toStrictEqual([world.adminEmail.toLowerCase()]);
    expect(mail.html).toContain('<em>draft</em>');
    expect(tokenFrom(mail, '/newsletter/unsubscribe', api.publicUrl)).toBe(
      CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN,
    );
    // The test link unsubscribes nobody.
    const followed = await api
      .client()
      .post('/api/subscribers/unsubscribe', { token: CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN });
    expect(followed.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.testSend });
    // A test saves nothing.
    expect((await admin.get(WELCOME_EMAIL_PATH)).body).not.toMatchObject({ subject });
    const { rows } = await world.db.query<{ count: string }>(
      `select count(*) from audit_entry where kind = 'newsletter-welcome.test-sent' and summary like $1`,
      [`%${subject}%`],
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });

  test('bad input is a 400 naming the field, and nothing is saved', async () => {
    const before = (await admin.get(WELCOME_EMAIL_PATH)).body;
    const cases: [string, unknown, string[]][] = [
      ['PUT', {}, ['enabled', 'subject', 'body']],
      ['PUT', { enabled: 'yes', subject: 'Hi', body: 'Hello' }, ['enabled']],
      ['PUT', { enabled: true, subject: ' ', body: 'Hello' }, ['subject']],
      ['PUT', { enabled: true, subject: 'x'.repeat(201), body: 'Hello' }, ['subject']],
      ['PUT', { enabled: true, subject: 'Hi', body: '' }, ['body']],
      ['PUT', { enabled: true, subject: 'Hi', body: 'a\u0000b' }, ['body']],
      ['PUT', { enabled: true, subject: 'Hi', body: 'Hello', html: '<b>' }, ['html']],
      ['POST preview', { subject: 'Hi' }, ['body']],
      ['POST test', { subject: 7, body: 'Hello' }, ['subject']],
    ];
    for (const [route, body, fields] of cases) {
      const response =
        route === 'PUT'
          ? await admin.put(WELCOME_EMAIL_PATH, body)
          : await admin.post(`${WELCOME_EMAIL_PATH}/${route.split(' ')[1]}`, body);
      const error = assertErrorBody(response, 400, `${route} ${JSON.stringify(body)}`);
      expect(Object.keys(fieldsOf(error)).sort()).toStrictEqual([...fields].sort());
    }
    const enabled = fieldsOf(
      assertErrorBody(
        await admin.put(WELCOME_EMAIL_PATH, { enabled: 'yes', subject: 'Hi', body: 'Hello' }),
        400,
      ),
    );
    expect(enabled.enabled).toBe(WELCOME_TEXTS.enabledType);
    expect((await admin.get(WELCOME_EMAIL_PATH)).body).toStrictEqual(before);
  });

  test('only admins reach it: a customer gets 403 and a visitor 401 on every route', async () => {
    const customer = (await world.customer()).client;
    const visitor = api.client();
    const input = { subject: 'a', body: 'b' };
    for (const client of [customer, visitor]) {
      const status = client === customer ? 403 : 401;
      assertErrorBody(await client.get(WELCOME_EMAIL_PATH), status);
      assertErrorBody(await client.put(WELCOME_EMAIL_PATH, { ...input, enabled: false }), status);
      assertErrorBody(await client.post(`${WELCOME_EMAIL_PATH}/preview`, input), status);
      assertErrorBody(await client.post(`${WELCOME_EMAIL_PATH}/test`, input), status);
    }
  });
});
