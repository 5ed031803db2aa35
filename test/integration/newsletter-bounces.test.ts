/**
 * Bounces and complaints against the built server (role all), real PostgreSQL, Redis and SMTP: Amazon
 * SES notifications through SNS (signed with a test certificate made here and served by a local
 * server that NEWSLETTER_SNS_CERT_URL_PREFIXES trusts), Postmark's webhook and the generic format.
 * A hard bounce or a complaint blocks the address for the next campaign and counts for the campaign
 * it bounced from; soft bounces block at the threshold; forged, unsigned and replayed notices change
 * nothing; SNS subscriptions are confirmed.
 *
 *   npm run build:server && npm run test:integration -- test/integration/newsletter-bounces.test.ts
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHmac, generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NEWSLETTER_MESSAGES } from '../../src/contracts/newsletter.js';
import {
  snsCanonicalString,
  type SnsMessage,
} from '../../src/modules/newsletter/domain/sns-message.js';
import { type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertStatus,
  expectNewMail,
  type Json,
  MAIL_SUBJECTS,
  mailTo,
  uid,
} from '../support/identity.js';
import { oneOffPremiumPackageId, placeOrder, signedInCustomer } from '../support/shop.js';
import { type ReceivedMail } from '../support/mailbox.js';
import { getFreePort, listenLocally, pollUntil } from '../support/net.js';
import { useWorld } from '../support/world.js';

const POSTMARK_TOKEN = 'postmark-test-token-0123456789';
const BOUNCE_SECRET = 'generic-bounce-secret-0123456789';
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-bounces';

/** A self-signed certificate (openssl) and its key: what SNS signs with, served from `/certs/`. */
const certDir = mkdtempSync(path.join(tmpdir(), 'sns-cert-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=sns.test',
    '-keyout',
    path.join(certDir, 'key.pem'),
    '-out',
    path.join(certDir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
);
const signingKey = readFileSync(path.join(certDir, 'key.pem'), 'utf8');
const certificate = readFileSync(path.join(certDir, 'cert.pem'), 'utf8');
rmSync(certDir, { recursive: true, force: true });
const forgerKey: KeyObject = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** The local stand-in for sns.<region>.amazonaws.com: the certificate and SubscribeURL; every hit kept. */
const hits: string[] = [];
let snsServer: Server | undefined;
let snsOrigin = '';

async function startSnsServer(): Promise<string> {
  const port = await getFreePort();
  snsServer = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/certs/SimpleNotificationService-test.pem') {
      response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(certificate);
    } else if (request.url?.startsWith('/certs/confirm?')) {
      response.writeHead(200, { 'content-type': 'text/xml' }).end('<ConfirmSubscriptionResponse/>');
    } else {
      response.writeHead(404).end();
    }
  });
  await listenLocally(snsServer, port);
  return `http://127.0.0.1:${port}`;
}

const world = useWorld(async () => {
  snsOrigin = await startSnsServer();
  return {
    name: 'newsletter-bounces',
    env: {
      NEWSLETTER_SNS_CERT_URL_PREFIXES: `${snsOrigin}/certs/`,
      NEWSLETTER_SNS_TOPIC_ARNS: TOPIC,
      NEWSLETTER_POSTMARK_TOKEN: POSTMARK_TOKEN,
      NEWSLETTER_BOUNCE_SECRET: BOUNCE_SECRET,
      NEWSLETTER_SOFT_BOUNCE_LIMIT: '3',
    },
  };
});

afterAll(async () => {
  await new Promise((resolve) => snsServer?.close(resolve) ?? resolve(undefined));
});

const certUrl = () => `${snsOrigin}/certs/SimpleNotificationService-test.pem`;

/** An SNS message as AWS sends it, signed (version 1: SHA1, 2: SHA256) with `key`. */
function snsMessage(
  fields: Partial<SnsMessage> & Pick<SnsMessage, 'Type' | 'Message'>,
  { key = signingKey as string | KeyObject, version = '1' as '1' | '2' } = {},
): SnsMessage {
  const message: SnsMessage = {
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    Signature: '',
    SigningCertURL: certUrl(),
    ...fields,
  };
  const algorithm = version === '1' ? 'sha1' : 'sha256';
  message.Signature = sign(algorithm, Buffer.from(snsCanonicalString(message)), key).toString(
    'base64',
  );
  return message;
}

/** SES's bounce notification (AWS's "Amazon SES notification examples"), as an SNS Message. */
function sesBounce(email: string, bounceType: 'Permanent' | 'Transient', messageId?: string) {
  return JSON.stringify({
    notificationType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: 'General',
      bouncedRecipients: [
        {
          emailAddress: email,
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        },
      ],
      timestamp: new Date().toISOString(),
      feedbackId: `0100${uid()}-ses-feedback`,
      reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
    },
    mail: {
      timestamp: new Date().toISOString(),
      source: 'hello@seo-agency.test',
      sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/seo-agency.test',
      sendingAccountId: '123456789012',
      messageId: `0100${uid()}-ses-message`,
      destination: [email],
      headersTruncated: false,
      commonHeaders: { from: ['hello@seo-agency.test'], to: [email], messageId },
    },
  });
}

/** Postmark's bounce webhook (its "Bounce webhook" page), for `email`. */
const postmarkBounce = (email: string, type = 'HardBounce') =>
  JSON.stringify(
    {
      RecordType: type === 'SpamComplaint' ? 'SpamComplaint' : 'Bounce',
      MessageStream: 'outbound',
      ID: 4323372036854775807n - BigInt(Math.floor(Math.random() * 1e9)),
      Type: type,
      TypeCode: type === 'HardBounce' ? 1 : 512,
      Name: 'Hard bounce',
      Tag: 'newsletter',
      MessageID: randomUUID(),
      ServerID: 23,
      Description:
        'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
      Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
      Email: email,
      From: 'hello@seo-agency.test',
      BouncedAt: new Date().toISOString(),
      DumpAvailable: true,
      Inactive: true,
      CanActivate: true,
      Subject: 'News',
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? `@@${value}@@` : value),
  ).replace(/"@@(\d+)@@"/, '$1');

const api = () => world.api.client();

const postSns = (message: SnsMessage) =>
  api().post('/api/newsletter/bounces/ses', undefined, {
    body: JSON.stringify(message),
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': message.Type,
      'x-amz-sns-topic-arn': message.TopicArn,
    },
  });

const postPostmark = (
  body: string,
  headers: Record<string, string> = { 'x-postmark-token': POSTMARK_TOKEN },
) =>
  api().post('/api/newsletter/bounces/postmark', undefined, {
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });

function postGeneric(notice: Json, secret = BOUNCE_SECRET): Promise<HttpResponse> {
  const body = JSON.stringify(notice);
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return api().post('/api/newsletter/bounces/generic', undefined, {
    body,
    headers: { 'content-type': 'application/json', 'x-bounce-signature': `sha256=${signature}` },
  });
}

const genericNotice = (email: string, type: 'hard' | 'soft' | 'complaint', id = uid()) => ({
  type,
  email,
  reason: `${type} from the test`,
  occurredAt: new Date().toISOString(),
  id,
});

async function addConfirmed(...emails: string[]): Promise<void> {
  await world.db.query(
    `insert into subscriber (id, email, status, created_at, requested_at, confirmed_at)
     select gen_random_uuid(), e, 'confirmed', now(), now(), now() from unnest($1::text[]) e`,
    [emails],
  );
}

async function subscriber(email: string) {
  const { rows } = await world.db.query<{
    status: string;
    blocked_reason: string | null;
    blocked_at: Date | null;
  }>(`select status, blocked_reason, blocked_at from subscriber where email = $1`, [email]);
  return rows[0];
}

const noticeCount = async (email: string) =>
  (
    await world.db.query<{ n: number }>(
      `select count(*)::int as n from bounce_notice where email = $1`,
      [email],
    )
  ).rows[0]?.n;

async function sendCampaign(subject: string): Promise<string> {
  const admin = await world.admin();
  const created = await admin.post('/api/admin/campaigns', { subject, body: 'Our **news**.' });
  assertStatus(created, 201, 'create a campaign');
  const id = String(asObject(created.body, 'campaign').id);
  assertStatus(await admin.post(`/api/admin/campaigns/${id}/send`, { sendAt: null }), 200, 'send');
  await pollUntil(
    async () => {
      const read = await admin.get(`/api/admin/campaigns/${id}`);
      return asObject(read.body, 'campaign').status === 'sent' || undefined;
    },
    { timeoutMs: 60_000, what: `campaign "${subject}" sent` },
  );
  return id;
}

const recipientsOf = (subject: string) =>
  world.mailbox
    .find((mail: ReceivedMail) => mail.subject === subject)
    .flatMap((mail) => mail.envelopeTo)
    .sort();

describe('bounces and complaints', () => {
  test('an SES bounce, a Postmark bounce and a complaint block their addresses for the next campaign and count for the campaign they came from', async () => {
    const tag = uid();
    const [ses, postmark, complaint, kept] = ['ses', 'postmark', 'complaint', 'kept'].map(
      (who) => `${who}-${tag}@example.test`,
    ) as [string, string, string, string];
    await addConfirmed(ses, postmark, complaint, kept);

    const firstSubject = `Before the bounces ${tag}`;
    const first = await sendCampaign(firstSubject);
    const ours = recipientsOf(firstSubject).filter((to) => to.endsWith(`${tag}@example.test`));
    expect(ours).toStrictEqual([complaint, kept, postmark, ses]);
    const sesMail = world.mailbox.find(
      (mail) => mail.subject === firstSubject && mail.envelopeTo.includes(ses),
    )[0]!;
    const messageId = sesMail.parsed.messageId;
    expect(messageId).toMatch(/^<campaign-/);

    const bounce = snsMessage({
      Type: 'Notification',
      Message: sesBounce(ses, 'Permanent', messageId),
    });
    const received = await postSns(bounce);
    assertStatus(received, 200, 'the SES bounce');
    expect(received.body).toStrictEqual({ recorded: 1, replayed: 0 });
    assertStatus(await postPostmark(postmarkBounce(postmark)), 200, 'the Postmark bounce');
    assertStatus(await postGeneric(genericNotice(complaint, 'complaint')), 200, 'the complaint');

    expect(await subscriber(ses)).toMatchObject({
      status: 'bounced',
      blocked_reason: 'SES Permanent bounce (General): smtp; 550 5.1.1 user unknown',
      blocked_at: expect.any(Date),
    });
    expect(await subscriber(postmark)).toMatchObject({
      status: 'bounced',
      blocked_reason: expect.stringMatching(/^Postmark HardBounce: The server was unable/),
    });
    expect(await subscriber(complaint)).toMatchObject({
      status: 'complained',
      blocked_reason: 'complaint from the test',
    });
    const admin = await world.admin();
    const view = asObject((await admin.get(`/api/admin/campaigns/${first}`)).body, 'campaign');
    expect(view.bounces).toStrictEqual({ hard: 2, soft: 0, complaints: 1 });

    const listed = await admin.get('/api/admin/subscribers?status=bounced&pageSize=50');
    assertStatus(listed, 200, 'the bounced subscribers');
    const row = (asObject(listed.body, 'page').items as Json[]).find(
      (item) => item.subemail === ses,
    );
    expect(row).toMatchObject({ status: 'bounced', blockedAt: expect.any(String) });

    const nextSubject = `After the bounces ${tag}`;
    await sendCampaign(nextSubject);
    expect(
      recipientsOf(nextSubject).filter((to) => to.endsWith(`${tag}@example.test`)),
    ).toStrictEqual([kept]);

    // The same SNS message again (SNS retries): recorded once, nothing changes.
    const before = await subscriber(ses);
    const again = await postSns(bounce);
    assertStatus(again, 200, 'the SES bounce again');
    expect(again.body).toStrictEqual({ recorded: 0, replayed: 1 });
    expect(await subscriber(ses)).toStrictEqual(before);
    expect(await noticeCount(ses)).toBe(1);

    // Signing up again: the same public answer, but it stays bounced and no e-mail is asked for.
    const signUp = await api().post('/api/subscribers', { subemail: ses.toUpperCase() });
    assertStatus(signUp, 202, 'sign up again');
    expect(signUp.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.requested });
    expect((await subscriber(ses))?.status).toBe('bounced');
    const { rows } = await world.db.query(
      `select 1 from outbox_event where type = 'SubscriptionRequested' and payload->>'email' = $1`,
      [ses],
    );
    expect(rows).toHaveLength(0);
  });

  test('transactional mail still reaches a bounced address, and the admin order screen flags it', async () => {
    const customer = await signedInCustomer(world, world.api);
    await addConfirmed(customer.email);
    assertStatus(
      await postGeneric({ ...genericNotice(customer.email, 'hard'), reason: '550 mailbox full' }),
      200,
      'a hard bounce for the customer',
    );
    expect((await subscriber(customer.email))?.status).toBe('bounced');

    const reset = expectNewMail(world.mailbox, mailTo(customer.email, MAIL_SUBJECTS.reset));
    assertStatus(
      await api().post('/api/auth/password-reset', { email: customer.email }),
      202,
      'a password reset',
    );
    await reset.next();

    const admin = await world.admin();
    const orderId = await placeOrder(customer.client, await oneOffPremiumPackageId(admin));
    const asAdmin = await admin.get(`/api/admin/orders/${orderId}`);
    assertStatus(asAdmin, 200, 'the order as the admin sees it');
    expect(asObject(asAdmin.body, 'order').customerMailFlag).toStrictEqual({
      status: 'bounced',
      reason: '550 mailbox full',
      since: expect.any(String),
    });
    const asCustomer = await customer.client.get(`/api/orders/${orderId}`);
    assertStatus(asCustomer, 200, 'the order as its customer sees it');
    expect(asObject(asCustomer.body, 'order')).not.toHaveProperty('customerMailFlag');
  });

  test("a campaign's test send refuses an admin whose own address bounced", async () => {
    const admin = await world.admin();
    const created = await admin.post('/api/admin/campaigns', {
      subject: `Test ${uid()}`,
      body: 'Hi',
    });
    assertStatus(created, 201, 'create a campaign');
    const id = String(asObject(created.body, 'campaign').id);
    await world.db.query(
      `insert into subscriber (id, email, status, created_at, requested_at, confirmed_at)
       values (gen_random_uuid(), lower($1), 'confirmed', now(), now(), now())
       on conflict (email) do nothing`,
      [world.adminEmail],
    );
    assertStatus(
      await postGeneric({
        ...genericNotice(world.adminEmail.toLowerCase(), 'complaint'),
        reason: 'abuse',
      }),
      200,
      "a complaint from the admin's address",
    );
    const refused = await admin.post(`/api/admin/campaigns/${id}/test`);
    assertStatus(refused, 409, 'a test send');
    expect(asObject(refused.body, 'error').message).toBe(
      'Newsletter address complained (abuse): newsletters are not sent to it, so no test was sent',
    );
    // The welcome e-mail's test likewise.
    const welcome = await admin.post('/api/admin/newsletter/welcome/test', {
      subject: 'Welcome',
      body: 'Hello',
    });
    assertStatus(welcome, 409, 'a test of the welcome e-mail');
    await world.db.query(`update subscriber set status = 'unsubscribed' where email = lower($1)`, [
      world.adminEmail,
    ]);
  });

  test('an address that bounced before it ever signed up starts blocked, and is sent nothing', async () => {
    const email = `early-${uid()}@example.test`;
    assertStatus(
      await postGeneric({ ...genericNotice(email, 'hard'), reason: '550 no such user' }),
      200,
      'a bounce of a receipt, say',
    );
    const signUp = await api().post('/api/subscribers', { subemail: email });
    assertStatus(signUp, 202, 'sign up');
    expect(signUp.body).toStrictEqual({ message: NEWSLETTER_MESSAGES.requested });
    expect(await subscriber(email)).toMatchObject({
      status: 'bounced',
      blocked_reason: '550 no such user',
    });
    const { rows } = await world.db.query(
      `select 1 from outbox_event where type = 'SubscriptionRequested' and payload->>'email' = $1`,
      [email],
    );
    expect(rows).toHaveLength(0);
  });

  test('a forged SNS message, a certificate from elsewhere and another topic change nothing', async () => {
    const email = `forged-${uid()}@example.test`;
    await addConfirmed(email);
    const forged = snsMessage(
      { Type: 'Notification', Message: sesBounce(email, 'Permanent') },
      { key: forgerKey },
    );
    const refused = await postSns(forged);
    assertStatus(refused, 403, 'a forged signature');
    expect(asObject(refused.body, 'error').message).toBe('The signature is not valid');

    const tampered = snsMessage({
      Type: 'Notification',
      Message: sesBounce(`x${email}`, 'Permanent'),
    });
    assertStatus(
      await postSns({ ...tampered, Message: sesBounce(email, 'Permanent') }),
      403,
      'a changed message',
    );

    const elsewhere = `${snsOrigin}/elsewhere/SimpleNotificationService-test.pem`;
    const foreignCert = snsMessage({
      Type: 'Notification',
      Message: sesBounce(email, 'Permanent'),
      SigningCertURL: elsewhere,
    });
    const foreign = await postSns(foreignCert);
    assertStatus(foreign, 403, 'a certificate not from SNS');
    expect(hits).not.toContain('/elsewhere/SimpleNotificationService-test.pem');

    const otherTopic = snsMessage({
      Type: 'Notification',
      Message: sesBounce(email, 'Permanent'),
      TopicArn: 'arn:aws:sns:us-east-1:999999999999:someone-else',
    });
    assertStatus(await postSns(otherTopic), 403, 'another topic');

    assertStatus(
      await api().post('/api/newsletter/bounces/ses', undefined, {
        body: '{"Type":"Notification"}',
        headers: { 'content-type': 'text/plain' },
      }),
      400,
      'not an SNS message',
    );
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', blocked_reason: null });
    expect(await noticeCount(email)).toBe(0);
  });

  test('an SNS subscription confirmation (signature version 2) is confirmed by its SubscribeURL', async () => {
    const token = `token-${uid()}`;
    const subscribeUrl = `${snsOrigin}/certs/confirm?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=${token}`;
    const forged = snsMessage(
      {
        Type: 'SubscriptionConfirmation',
        Message: `You have chosen to subscribe to the topic ${TOPIC}.`,
        Token: token,
        SubscribeURL: `${subscribeUrl}&forged=1`,
      },
      { key: forgerKey, version: '2' },
    );
    assertStatus(await postSns(forged), 403, 'a forged confirmation');
    const confirmation = snsMessage(
      {
        Type: 'SubscriptionConfirmation',
        Message: `You have chosen to subscribe to the topic ${TOPIC}.`,
        Token: token,
        SubscribeURL: subscribeUrl,
      },
      { version: '2' },
    );
    assertStatus(await postSns(confirmation), 200, 'the confirmation');
    expect(hits.filter((hit) => hit.includes(token))).toStrictEqual([
      subscribeUrl.slice(snsOrigin.length),
    ]);
  });

  test('soft bounces block only at the threshold, a replayed one does not count, and an SES Transient bounce is soft', async () => {
    const email = `soft-${uid()}@example.test`;
    await addConfirmed(email);
    const first = genericNotice(email, 'soft');
    assertStatus(await postGeneric(first), 200, 'the first soft bounce');
    assertStatus(
      await postSns(snsMessage({ Type: 'Notification', Message: sesBounce(email, 'Transient') })),
      200,
      'an SES transient bounce',
    );
    for (let replay = 0; replay < 3; replay++) {
      const again = await postGeneric(first);
      assertStatus(again, 200, 'the first soft bounce again');
      expect(again.body).toStrictEqual({ recorded: 0, replayed: 1 });
    }
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', blocked_at: null });
    assertStatus(await postGeneric(genericNotice(email, 'soft')), 200, 'the third soft bounce');
    expect(await subscriber(email)).toMatchObject({
      status: 'bounced',
      blocked_reason: '3 soft bounces within 14 days; the latest: soft from the test',
    });
  });

  test('refuses unsigned, wrongly signed, unauthenticated and malformed notices with their reason', async () => {
    const email = `refused-${uid()}@example.test`;
    await addConfirmed(email);
    const wrong = await postGeneric(genericNotice(email, 'hard'), 'not-the-secret-at-all-0000');
    assertStatus(wrong, 401, 'a wrong secret');
    expect(asObject(wrong.body, 'error').message).toBe('The signature is missing or wrong');
    const unsigned = await api().post(
      '/api/newsletter/bounces/generic',
      genericNotice(email, 'hard'),
    );
    assertStatus(unsigned, 401, 'unsigned');

    const malformed = await postGeneric({ ...genericNotice(email, 'hard'), type: 'bounce' });
    assertStatus(malformed, 400, 'an unknown type');
    expect(asObject(malformed.body, 'error').message).toMatch(
      /^type: type must be one of hard, soft, complaint/,
    );

    assertStatus(await postPostmark(postmarkBounce(email), {}), 401, 'Postmark without its token');
    assertStatus(
      await postPostmark(postmarkBounce(email), { 'x-postmark-token': 'wrong-token-0123456789' }),
      401,
      'Postmark with a wrong token',
    );
    assertStatus(await postPostmark('{"RecordType":"Bounce"}'), 400, 'a Postmark body without ID');

    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
    expect(await noticeCount(email)).toBe(0);
  });
});
