/**
 * N API + M worker processes are one product: two API processes (A and B) and two workers on one
 * PostgreSQL, one Redis, one S3 server (s3rver) and one SMTP server, with the same configuration (one
 * QUEUE_PREFIX, one PUBLIC_URL: a load balancer in front of A and B, so e-mail links, PayPal's
 * webhooks and its verification calls reach either) and a DATA_DIR each (a disk of their own, as on
 * separate machines). What one process does, every other one sees:
 * an image uploaded through A is served by B; a session opened on A works on B; the login and contact
 * limits count across both; a PayPal payment verified by either worker is applied once, with one
 * receipt and one live-feed event for an admin listening on B; a campaign sent by both workers reaches
 * each subscriber once.
 *
 *   npm run build:server && npm run test:integration -- test/integration/several-processes.test.ts
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import {
  LIVE_EVENTS_PATH,
  type LiveEvent,
  liveEventSchema,
} from '../../src/contracts/live-events.js';
import {
  type AppProcess,
  printAppOutputs,
  resetAppOutputs,
  startApp,
} from '../support/app-process.js';
import { type EventStream, openEventStream, type StreamEvent } from '../support/event-stream.js';
import { HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertStatus,
  assertThrottled,
  createAccount,
  type Json,
  login,
  loginOk,
  mailTo,
  SESSION_COOKIE,
  sessionAccount,
  strongPassword,
  uid,
} from '../support/identity.js';
import { type IdentityApp, type IdentitySuite, newClientIp } from '../support/identity-suite.js';
import { type LoadBalancer, startLoadBalancer } from '../support/load-balancer.js';
import {
  type HeldDelivery,
  type Mailbox,
  type ReceivedMail,
  startMailbox,
} from '../support/mailbox.js';
import { pollUntil, withTimeout } from '../support/net.js';
import { png } from '../support/png.js';
import { type S3TestServer, startS3Server } from '../support/s3-server.js';
import { type TestServices, startServices } from '../support/services.js';
import {
  oneOffPremiumPackageId,
  placeOrder,
  premiumPackageId,
  signedInCustomer,
} from '../support/shop.js';
import { currentTestFailed, currentTestName } from '../support/test-state.js';

/** Each worker's SMTP connections: a worker holds at most this many deliveries at once. */
const SMTP_POOL_SIZE = 6;
const LOGIN_MAX_FAILURES_ACCOUNT_IP = 4;
const LOGIN_WINDOW_SECONDS = 900;
const CONTACT_MAX_PER_IP = 4;
const CAMPAIGN_SUBSCRIBERS = 2000;

const adminEmail = `admin-${uid()}@seo-agency.test`;
const adminPassword = strongPassword();

let services: TestServices;
let mailbox: Mailbox;
let db: pg.Pool;
let s3: S3TestServer;
let balancer: LoadBalancer;
/** The two API processes, as the shop's helpers take them (PUBLIC_URL: the balancer). */
let a: IdentityApp;
let b: IdentityApp;
const processes: AppProcess[] = [];
let suite: IdentitySuite;
let failed = false;

/** The one configuration of every process, whatever its role. */
function sharedEnv(queuePrefix: string): Record<string, string> {
  return {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    QUEUE_PREFIX: queuePrefix,
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'SEO Agency <hello@seo-agency.test>',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    PUBLIC_URL: balancer.url,
    // The balancer is the one proxy: the client's address is the one it appends.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'info',
    OUTBOX_POLL_INTERVAL_MS: '200',
    JOB_BACKOFF_MS: '200',
    QUEUE_STALLED_INTERVAL_MS: '1000',
    LOGIN_MAX_FAILURES_ACCOUNT_IP: String(LOGIN_MAX_FAILURES_ACCOUNT_IP),
    // Only the per-e-mail-and-IP limit is under test: the others stay out of reach.
    LOGIN_SLOWDOWN_AFTER_FAILURES: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    LOGIN_ALERT_AFTER_FAILURES: '1000',
    LOGIN_THROTTLE_WINDOW_SECONDS: String(LOGIN_WINDOW_SECONDS),
    CONTACT_MAX_PER_IP: String(CONTACT_MAX_PER_IP),
    CONTACT_MAX_PER_SENDER: '1000',
    NEWSLETTER_BATCH_SIZE: '50',
    SMTP_POOL_SIZE: String(SMTP_POOL_SIZE),
    ...s3.env,
  };
}

/** An API process as the shop's helpers take it: each client comes from an address of its own. */
function asIdentityApp(app: AppProcess): IdentityApp {
  return {
    app,
    baseUrl: app.baseUrl,
    publicUrl: balancer.url,
    client: (ip) => new HttpClient(app.baseUrl, { 'x-forwarded-for': ip ?? newClientIp() }),
    stop: async () => {
      await app.stop(5000).catch(() => app.kill());
    },
  };
}

beforeAll(async () => {
  [services, mailbox, s3, balancer] = await Promise.all([
    startServices(),
    startMailbox(),
    startS3Server(),
    startLoadBalancer(),
  ]);
  db = new pg.Pool({ connectionString: services.databaseUrl, max: 3 });
  db.on('error', () => undefined);
  suite = { services, mailbox, db };
  const env = sharedEnv(`several-${uid()}`);
  // All four at once, as a deployment starts them: the migrations and the first seeding take turns.
  const started = await Promise.all(
    (
      [
        ['api-a', 'api'],
        ['api-b', 'api'],
        ['worker-1', 'worker'],
        ['worker-2', 'worker'],
      ] as const
    ).map(async ([name, role]) => {
      const app = await startApp({ name, role, env });
      processes.push(app);
      return app;
    }),
  );
  a = asIdentityApp(started[0]!);
  b = asIdentityApp(started[1]!);
  balancer.setBackends([a.baseUrl, b.baseUrl]);
}, 180_000);

afterEach(() => {
  if (!currentTestFailed()) return;
  // Once, at the first failure: the four processes' output so far.
  if (!failed) printAppOutputs(`after failed test "${currentTestName()}"`);
  failed = true;
});

afterAll(async () => {
  resetAppOutputs();
  await Promise.all(processes.map((app) => app.stop(10_000).catch(() => app.kill())));
  await balancer?.close().catch(() => undefined);
  await s3?.stop().catch(() => undefined);
  await db?.end().catch(() => undefined);
  await mailbox?.close().catch(() => undefined);
  await services?.stop();
}, 60_000);

const liveEventOf = (event: StreamEvent): LiveEvent =>
  liveEventSchema.parse(JSON.parse(event.data));

/** A visitor's contact message from `ip` through `app`. */
function postMessage(app: IdentityApp, ip: string, tag = uid()) {
  return app.client(ip).post('/api/messages', {
    name: `Visitor ${tag}`,
    email: `visitor-${tag}@example.test`,
    number: '+44 20 7946 0958',
    subject: `Audit ${tag}`,
    message: `Please audit my shop (${tag}).`,
  });
}

/**
 * The outbox owes nothing due now: every event handled, every e-mail accepted by the SMTP server (an
 * order's reminder due in days is not owed yet).
 */
const outboxSettled = () =>
  pollUntil(
    async () => {
      const { rows } = await db.query<{ owed: number }>(
        `select count(*)::int as owed from outbox_event
          where completed_at is null and failed_at is null and (due_at is null or due_at <= now())`,
      );
      return rows[0]!.owed === 0;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'the outbox to owe nothing' },
  );

describe('two API processes and two workers', () => {
  test('every process is up; the load balancer’s checks answer 200 on each API process', async () => {
    expect(processes.filter((app) => !app.running).map((app) => app.name)).toStrictEqual([]);
    for (const api of [a, b]) {
      for (const path of ['/api/health/live', '/api/health']) {
        const response = await fetch(`${api.baseUrl}${path}`);
        expect({ api: api.app.name, path, status: response.status }).toStrictEqual({
          api: api.app.name,
          path,
          status: 200,
        });
      }
    }
    // Both workers took the queues (one line each, naming them).
    for (const worker of processes.filter((app) => app.role === 'worker')) {
      await worker.waitForLog(
        (line) => typeof line.msg === 'string' && line.msg.endsWith('workers started'),
        10_000,
      );
    }
  });

  test('an image uploaded through A is served by B, from the shared object store', async () => {
    const admin = a.client();
    await loginOk(admin, adminEmail, adminPassword);
    const form = new FormData();
    const bytes = png(5, 4, 27);
    form.append('file', new Blob([bytes as BlobPart], { type: 'image/png' }), 'shared.png');
    const uploaded = await admin.request('POST', '/api/media', { body: form });
    assertStatus(uploaded, 201, 'upload through A');
    const url = String(asObject(uploaded.body, 'the upload').url);
    expect(url).toMatch(/^\/uploads\/[\w.-]+\.png$/);
    const name = url.slice('/uploads/'.length);

    // B never saw the upload, yet serves it; A serves the same.
    const served = [];
    for (const api of [b, a]) {
      const answer = await fetch(`${api.baseUrl}${url}`);
      const body = Buffer.from(await answer.arrayBuffer());
      expect({ api: api.app.name, status: answer.status }).toStrictEqual({
        api: api.app.name,
        status: 200,
      });
      expect(answer.headers.get('content-type')).toBe('image/png');
      served.push(body);
    }
    const [fromB, fromA] = served;
    expect(fromB!.equals(fromA!)).toBe(true);
    // It is the bucket's object.
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    const key = (listed.Contents ?? [])
      .map((object) => object.Key ?? '')
      .find((k) => k.endsWith(`/${name}`));
    if (!key) throw new Error(`no object named ${name} in the bucket`);
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(stored.equals(fromB!)).toBe(true);
  });

  test('a session opened on A works on B, and signing out on B ends it on A', async () => {
    const onA = a.client();
    const account = await createAccount(onA, mailbox, balancer.url);
    await loginOk(onA, account.email, account.password);
    const token = onA.cookie(SESSION_COOKIE);
    if (!token) throw new Error('no session cookie after login on A');
    const onB = b.client();
    onB.setCookie(SESSION_COOKIE, token);

    expect((await sessionAccount(onB)).email).toBe(account.email);
    // A change made on B with the session from A.
    const orderId = await placeOrder(onB, await premiumPackageId(b));
    const seenOnA = await onA.get(`/api/orders/${orderId}`);
    assertStatus(seenOnA, 200, 'the order placed on B, read on A');

    assertStatus(await onB.post('/api/auth/logout'), 204, 'sign out on B');
    assertStatus(await onA.get('/api/orders/mine'), 401, 'the session on A after signing out on B');
  });

  test('login throttling counts the wrong passwords sent to A and B together', async () => {
    const account = await createAccount(a.client(), mailbox, balancer.url);
    const ip = newClientIp();
    // Wrong passwords from one address, A and B in turn: neither process alone reaches the limit.
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_ACCOUNT_IP; attempt++) {
      const api = attempt % 2 === 0 ? a : b;
      const failedLogin = await login(api.client(ip), account.email, `wrong-${attempt}`);
      expect({ attempt, status: failedLogin.status }).toStrictEqual({ attempt, status: 401 });
    }
    // Together they did: even the right password is refused from that address, on both.
    for (const api of [a, b]) {
      const refused = await login(api.client(ip), account.email, account.password);
      assertThrottled(refused, LOGIN_WINDOW_SECONDS, `the right password on ${api.app.name}`);
    }
    // From another address the owner signs in (on either process).
    await loginOk(b.client(), account.email, account.password);
    await loginOk(a.client(), account.email, account.password);
  });

  test('the contact form’s per-IP limit counts the messages sent to A and B together', async () => {
    const ip = newClientIp();
    for (let index = 0; index < CONTACT_MAX_PER_IP; index++) {
      const api = index % 2 === 0 ? a : b;
      const accepted = await postMessage(api, ip);
      expect({ index, status: accepted.status }).toStrictEqual({ index, status: 201 });
    }
    for (const api of [a, b]) {
      const refused = await postMessage(api, ip);
      assertStatus(refused, 429, `one message too many, on ${api.app.name}`);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(asObject(refused.body, 'the 429 body').message).toBe(
        'Too many messages were sent. Please try again later.',
      );
    }
    // Another address is not held back.
    assertStatus(await postMessage(b, newClientIp()), 201, 'a message from another address');
  });

  test('a PayPal payment verified by either worker is applied once: one Paid, one receipt, one live event on B', async () => {
    const adminOnB = b.client();
    await loginOk(adminOnB, adminEmail, adminPassword);
    const stream: EventStream = await openEventStream(b.baseUrl, LIVE_EVENTS_PATH, {
      client: adminOnB,
    });
    try {
      expect({ status: stream.status, body: stream.body }).toStrictEqual({ status: 200, body: '' });
      await pollUntil(() => stream.lastEventId !== '', {
        timeoutMs: 20_000,
        intervalMs: 50,
        what: 'the stream on B to have its position',
      });

      const customer = await signedInCustomer(suite, a);
      const orderId = await placeOrder(customer.client, await oneOffPremiumPackageId(adminOnB));
      const created = await customer.client.post(`/api/orders/${orderId}/paypal-order`);
      assertStatus(created, 200, 'create the PayPal order on A');
      const paypalOrderId = String((created.body as Json).paypalOrderId);
      // The buyer approves on PayPal (the simulator, behind the balancer like the rest).
      const approved = await fetch(`${balancer.url}/paypal-simulator/checkoutnow`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: paypalOrderId, action: 'pay' }).toString(),
      });
      expect(approved.status).toBe(200);
      // The same browser captures through B; PayPal's webhooks reach A or B through the balancer
      // and are verified by whichever worker takes them.
      const onB = b.client();
      onB.setCookie(SESSION_COOKIE, customer.client.cookie(SESSION_COOKIE) ?? '');
      const captured = await onB.post(`/api/orders/${orderId}/paypal-order/capture`);
      assertStatus(captured, 200, 'capture on B');
      expect(captured.body).toMatchObject({ outcome: 'paid' });

      await stream.waitFor(
        (event) => event.type === 'order.paid' && liveEventOf(event).subjectId === orderId,
        'the payment on B’s live feed',
        30_000,
      );
      // PayPal's webhooks about the order (sent after its answers, the capture's last) are all
      // verified and settled by the workers, and the outbox owes nothing: any second application
      // would have happened by now.
      await pollUntil(
        async () => {
          const { rows } = await db.query<{ type: string; result: string; verified: boolean }>(
            `select event_type as type, result, verified_at is not null as verified
               from payment_notification where channel = 'webhook' and order_id = $1`,
            [orderId],
          );
          return (
            rows.some((row) => row.type === 'PAYMENT.CAPTURE.COMPLETED' && row.verified) &&
            rows.every((row) => !['pending', 'failed'].includes(row.result))
          );
        },
        { timeoutMs: 30_000, what: 'the capture’s webhook to be verified' },
      );
      await outboxSettled();
      // A marker published after all that: whatever else the feed was to carry came before it.
      const marker = await postMessage(a, newClientIp());
      assertStatus(marker, 201, 'the marker message');
      const markerId = String(asObject(marker.body, 'the marker').id);
      await stream.waitFor(
        (event) => liveEventOf(event).subjectId === markerId,
        'the marker on B’s live feed',
      );

      const { rows: paidEvents } = await db.query<{ n: number }>(
        `select count(*)::int as n from outbox_event where type = 'OrderPaid' and payload->>'orderId' = $1`,
        [orderId],
      );
      // One Paid transition…
      expect(paidEvents[0]!.n).toBe(1);
      const { rows: captures } = await db.query<{ n: number }>(
        `select count(*)::int as n from payment_capture where order_id = $1`,
        [orderId],
      );
      expect(captures[0]!.n).toBe(1);
      const order = asObject((await customer.client.get(`/api/orders/${orderId}`)).body, 'order');
      expect(order.paymentStatus).toBe('Paid');
      // …one receipt…
      expect(mailbox.find(mailTo(customer.email, 'Payment receipt: Premium package'))).toHaveLength(
        1,
      );
      // …and one live event, on B.
      const paidOnB = stream.events.filter(
        (event) => event.type === 'order.paid' && liveEventOf(event).subjectId === orderId,
      );
      expect(paidOnB).toHaveLength(1);
      // What came to PUBLIC_URL (the approval, PayPal's webhooks, the workers' verification calls)
      // went to both API processes in turn.
      expect([...balancer.sent.keys()].sort()).toStrictEqual([a.baseUrl, b.baseUrl].sort());
    } finally {
      stream.close();
    }
  }, 90_000);

  test(`a campaign to ${CAMPAIGN_SUBSCRIBERS} subscribers, sent by both workers, reaches each address once`, async () => {
    const tag = `several-${uid()}`;
    const { rows } = await db.query<{ email: string }>(
      `insert into subscriber (id, email, status, created_at, confirmed_at)
       select gen_random_uuid(), $1 || '-' || g || '@example.test', 'confirmed', now(), now()
         from generate_series(1, $2::int) g
       returning email`,
      [tag, CAMPAIGN_SUBSCRIBERS],
    );
    const { rows: confirmed } = await db.query<{ email: string }>(
      `select email from subscriber where status = 'confirmed'`,
    );
    const recipients = new Set(confirmed.map((row) => row.email));
    expect(rows).toHaveLength(CAMPAIGN_SUBSCRIBERS);

    const admin = a.client();
    await loginOk(admin, adminEmail, adminPassword);
    const subject = `News for everyone ${tag}`;
    const created = await admin.post('/api/admin/campaigns', {
      subject,
      body: '## Hello\n\nOur **news**.',
    });
    assertStatus(created, 201, 'create the campaign on A');
    const campaignId = String(asObject(created.body, 'the campaign').id);

    // A worker sends through at most SMTP_POOL_SIZE connections, one e-mail at a time on each: more
    // deliveries held open at once than that can only be both workers sending. (A worker takes at most
    // 5 of the 40 batches at a time, so while the first one's deliveries wait, the other one takes
    // batches too.) Deliveries whose sender gave up are not counted: a retry must not pass for the
    // other worker.
    const hang = mailbox.hangNext(2 * SMTP_POOL_SIZE, (to) =>
      to.some((address) => recipients.has(address)),
    );
    const watched = new Set<HeldDelivery>();
    const closed = new Set<HeldDelivery>();
    const heldOpen = () => {
      for (const delivery of hang.held) {
        if (watched.has(delivery)) continue;
        watched.add(delivery);
        void delivery.closed.then(() => closed.add(delivery));
      }
      return watched.size - closed.size;
    };
    try {
      // The admin's session from A sends it through B.
      const adminOnB = b.client();
      adminOnB.setCookie(SESSION_COOKIE, admin.cookie(SESSION_COOKIE) ?? '');
      assertStatus(
        await adminOnB.post(`/api/admin/campaigns/${campaignId}/send`, { sendAt: null }),
        200,
        'send now, on B',
      );
      await pollUntil(() => heldOpen() > SMTP_POOL_SIZE, {
        timeoutMs: 60_000,
        what: `more than ${SMTP_POOL_SIZE} deliveries held open at once (both workers sending)`,
      });
    } finally {
      hang.release('accept');
    }

    const done = await pollUntil(
      async () => {
        const body = asObject((await admin.get(`/api/admin/campaigns/${campaignId}`)).body, 'c');
        return body.status === 'sent' ? body : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: 'the campaign to be sent' },
    );
    expect(asObject(done.counts, 'counts')).toMatchObject({ sent: recipients.size, failed: 0 });
    await withTimeout(outboxSettled(), 60_000, 'the outbox to settle');

    const perAddress = new Map<string, number>();
    for (const mail of mailbox.find((m: ReceivedMail) => m.subject === subject)) {
      for (const address of mail.envelopeTo) {
        perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      }
    }
    // Every confirmed subscriber, once; nobody else.
    expect([...perAddress.keys()].sort()).toStrictEqual([...recipients].sort());
    const twice = [...perAddress].filter(([, count]) => count !== 1);
    expect(twice).toStrictEqual([]);
  }, 180_000);
});
