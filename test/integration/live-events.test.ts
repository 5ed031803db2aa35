/**
 * The admin live feed (GET /api/admin/events, server-sent events) across processes: two API processes
 * and a worker on one PostgreSQL and one Redis. An admin's stream on API B hears what happens through
 * API A (a visitor's message, a customer's order) and what A's worker commits (the order's payment);
 * a stream reconnecting with Last-Event-ID gets exactly what it missed (the newest of it, when far
 * behind); visitors and customers are refused; a session holds a few streams at most; an API process
 * with streams open still shuts down at once.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/live-events.test.ts
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Redis } from 'ioredis';
import {
  LIVE_EVENT_REPLAY,
  LIVE_EVENTS_PATH,
  LIVE_HEARTBEAT_SECONDS,
  type LiveEvent,
  liveEventSchema,
  TAB_ID_HEADER,
} from '../../src/contracts/live-events.js';
import {
  announceLiveEvent,
  catchUp,
  liveFeedKeys,
} from '../../src/modules/notifications/live-feed/live-feed-store.js';
import { defaultQueuePrefix } from '../../src/platform/config/app-config.js';
import { type AppProcess, startApp } from '../support/app-process.js';
import { type EventStream, openEventStream, type StreamEvent } from '../support/event-stream.js';
import { type HttpClient } from '../support/http-client.js';
import { asObject, assertStatus, type Json, loginOk, uid } from '../support/identity.js';
import { type IdentityApp, startIdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { pollUntil } from '../support/net.js';
import { placeOrder } from '../support/shop.js';

const liveEventOf = (event: StreamEvent): LiveEvent =>
  liveEventSchema.parse(JSON.parse(event.data));
const about = (subjectId: string) => (event: StreamEvent) =>
  liveEventOf(event).subjectId === subjectId;
const idsOf = (events: StreamEvent[]) => events.map((event) => event.id);
const pollUntilTrue = (check: () => boolean, what: string, timeoutMs = 20_000) =>
  pollUntil(() => check() || undefined, { timeoutMs, intervalMs: 50, what });

const world = useWorld({
  name: 'live-a',
  role: 'api',
  simulateClientIps: true,
});
const suite = world;
const { adminEmail, adminPassword } = world;

describe('the admin live feed', () => {
  /** API A: where visitors and customers act. */
  let a: IdentityApp;
  /** API B: where the admin listens. */
  let b: IdentityApp;
  let worker: AppProcess;
  let adminA: HttpClient;
  let adminB: HttpClient;
  let customer: HttpClient;
  let premiumId: string;
  /** A stream on A kept open all along: what it heard is what was published, in order. */
  let witness: EventStream;
  const streams: EventStream[] = [];

  async function feed(
    app: IdentityApp,
    client: HttpClient | undefined,
    options: { lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
  ): Promise<EventStream> {
    const path = options.query ? `${LIVE_EVENTS_PATH}?${options.query}` : LIVE_EVENTS_PATH;
    const stream = await openEventStream(app.baseUrl, path, {
      client,
      lastEventId: options.lastEventId,
      headers: options.headers,
    });
    streams.push(stream);
    return stream;
  }

  /** A stream that has started: it has its position (an `id:` line) in the feed. */
  async function startedFeed(app: IdentityApp, client: HttpClient, lastEventId?: string) {
    const stream = await feed(app, client, { lastEventId });
    // Opened (a failure shows the refusal).
    expect({ status: stream.status, body: stream.body }).toStrictEqual({ status: 200, body: '' });
    await pollUntilTrue(() => stream.lastEventId !== '', 'the stream to have a position');
    return stream;
  }

  /** A visitor's contact message through A; returns its id. */
  async function sendMessage(subject = `Audit ${uid()}`): Promise<string> {
    const tag = uid();
    const response = await a.client().post('/api/messages', {
      name: `Visitor ${tag}`,
      email: `visitor-${tag}@example.test`,
      number: '+44 20 7946 0958',
      subject,
      message: `Please audit my shop (${tag}).`,
    });
    assertStatus(response, 201, 'POST /api/messages');
    return String(asObject(response.body, 'the message').id);
  }

  beforeAll(async () => {
    a = world.api;
    [b, worker] = await Promise.all([
      startIdentityApp(suite, {
        name: 'live-b',
        role: 'api',
        adminEmail,
        adminPassword,
        // The tests on B keep many streams of adminB's one session open; A keeps the default (5).
        env: { LIVE_FEED_MAX_STREAMS_PER_SESSION: '100' },
      }),
      startApp({
        role: 'worker',
        name: 'live-worker',
        env: {
          DATABASE_URL: suite.services.databaseUrl,
          REDIS_URL: suite.services.redisUrl,
          SMTP_URL: suite.mailbox.url,
          ADMIN_EMAIL: adminEmail,
          // The links of the e-mails it sends lead to A.
          PUBLIC_URL: a.publicUrl,
          OUTBOX_POLL_INTERVAL_MS: '200',
          JOB_BACKOFF_MS: '200',
          QUEUE_STALLED_INTERVAL_MS: '1000',
        },
      }),
    ]);
    adminA = await world.admin();
    adminB = b.client();
    await loginOk(adminB, adminEmail, adminPassword);
    customer = (await world.customer()).client;
    premiumId = await world.premiumPackageId();
    witness = await startedFeed(a, adminA);
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await worker?.stop(5000).catch(() => worker.kill());
  });

  test('is documented as an admin GET answering text/event-stream', async () => {
    const document = asObject((await a.client().get('/api/docs-json')).body, 'the document');
    const operation = asObject(
      asObject(asObject(document.paths, 'paths')[LIVE_EVENTS_PATH] ?? {}, LIVE_EVENTS_PATH).get ??
        {},
      `GET ${LIVE_EVENTS_PATH}`,
    );
    expect(operation['x-access']).toBe('admin');
    const ok = asObject(asObject(operation.responses, 'responses')['200'], 'the 200 answer');
    expect(Object.keys(asObject(ok.content, 'its content'))).toStrictEqual(['text/event-stream']);
  });

  test('refuses visitors (401) and customers (403) on every API process, before any stream', async () => {
    const customerOnB = b.client();
    customerOnB.setCookie('sid', customer.cookie('sid') ?? '');
    for (const [who, app, client, status] of [
      ['a visitor on A', a, undefined, 401],
      ['a visitor on B', b, undefined, 401],
      ['a customer on A', a, customer, 403],
      ['the same customer on B', b, customerOnB, 403],
    ] as const) {
      const refused = await feed(app, client);
      expect({ who, status: refused.status }).toStrictEqual({ who, status });
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(refused.body)).toMatchObject({ statusCode: status });
      expect(refused.events).toStrictEqual([]);
    }
    // A Last-Event-ID that this stream cannot have sent is a 400, in the header or the query.
    const badHeader = await feed(b, adminB, { lastEventId: 'yesterday' });
    expect({ status: badHeader.status, body: JSON.parse(badHeader.body) }).toMatchObject({
      status: 400,
      body: { statusCode: 400 },
    });
    const badQuery = await feed(b, adminB, { query: 'lastEventId=99999999999999999999-0' });
    expect(badQuery.status).toBe(400);
  });

  test('streams with the headers of an event stream, uncompressed, with a retry hint', async () => {
    const stream = await feed(b, adminB, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('connection')).toBe('keep-alive');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await pollUntilTrue(() => stream.retryMs !== undefined, 'the retry hint');
    expect(stream.retryMs).toBeGreaterThan(0);
    stream.close();
  });

  test('an admin on B hears a message and an order placed through A, and the payment A’s worker applies', async () => {
    const stream = await startedFeed(b, adminB);

    const messageId = await sendMessage('Need an SEO audit');
    const message = liveEventOf(await stream.waitFor(about(messageId), 'the message on B'));
    expect(message).toMatchObject({
      type: 'message.received',
      subjectId: messageId,
      text: expect.stringMatching(/^New message from Visitor \w+: Need an SEO audit$/),
    });

    const orderId = await placeOrder(customer, premiumId);
    const placed = await stream.waitFor(
      (event) => event.type === 'order.placed' && about(orderId)(event),
      'the order on B',
    );
    expect(liveEventOf(placed).text).toBe('New order: Premium from Ada ($499.00)');

    // PayPal Checkout in the simulator: A records the capture, the worker marks the order paid.
    const created = await customer.post(`/api/orders/${orderId}/paypal-order`);
    assertStatus(created, 200, 'create the PayPal order');
    const paypalOrderId = String((created.body as Json).paypalOrderId);
    const approved = await fetch(`${a.baseUrl}/paypal-simulator/checkoutnow`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: paypalOrderId, action: 'pay' }).toString(),
    });
    expect(approved.status).toBe(200);
    assertStatus(
      await customer.post(`/api/orders/${orderId}/paypal-order/capture`),
      200,
      'capture',
    );
    const paid = await stream.waitFor(
      (event) => event.type === 'order.paid' && about(orderId)(event),
      'the payment on B',
      30_000,
    );
    expect(liveEventOf(paid).text).toBe('Order paid with PayPal: Premium from Ada ($499.00)');

    // Each once, in the order they happened, with the ids the stream gave.
    const mine = stream.events.filter((event) =>
      [messageId, orderId].includes(liveEventOf(event).subjectId),
    );
    expect(mine.map((event) => event.type)).toStrictEqual([
      'message.received',
      'order.placed',
      'order.paid',
    ]);
    expect(new Set(mine.map((event) => liveEventOf(event).eventId)).size).toBe(3);
    // The witness on A heard the same events under the same ids.
    const onA = witness.events.filter((event) =>
      [messageId, orderId].includes(liveEventOf(event).subjectId),
    );
    expect(idsOf(onA)).toStrictEqual(idsOf(mine));
  }, 60_000);

  test('an event carries the tab whose request committed it (X-Tab-Id), so that tab need not echo it', async () => {
    const stream = await startedFeed(b, adminB);
    const deliver = async (headers: Record<string, string>) => {
      const orderId = await placeOrder(customer, premiumId);
      const delivered = await adminA.put(
        `/api/admin/orders/${orderId}/status`,
        { orderStatus: 'Delivered' },
        { headers },
      );
      assertStatus(delivered, 200, 'set Delivered');
      const event = await stream.waitFor(
        (e) => e.type === 'order.delivered' && about(orderId)(e),
        'the delivery on B',
      );
      return liveEventOf(event);
    };
    const tabId = `tab-${randomUUID()}`;
    expect((await deliver({ [TAB_ID_HEADER]: tabId })).originTabId).toBe(tabId);
    // No tab, or a value no tab id looks like: nobody's, so every tab shows it.
    expect(await deliver({})).not.toHaveProperty('originTabId');
    expect(await deliver({ [TAB_ID_HEADER]: 'x y' })).not.toHaveProperty('originTabId');
    // What a customer's request commits carries the customer's tab, which has no feed: harmless.
    const placedWithTab = await customer.post(
      '/api/orders',
      { packageId: premiumId, customerName: 'Ada' },
      { headers: { [TAB_ID_HEADER]: tabId } },
    );
    assertStatus(placedWithTab, 201, 'place an order');
    const placed = await stream.waitFor(
      (e) => e.type === 'order.placed' && about(String((placedWithTab.body as Json)._id))(e),
      'the order on B',
    );
    expect(liveEventOf(placed).originTabId).toBe(tabId);
  }, 60_000);

  test('a stream reconnecting with Last-Event-ID gets exactly what it missed, then what comes', async () => {
    const first = await startedFeed(b, adminB);
    const seen = await first.waitFor(about(await sendMessage()), 'a first message');
    expect(first.lastEventId).toBe(seen.id);
    first.close();

    // Missed while disconnected (the witness shows they were published).
    const missedSubjects = [
      await sendMessage(),
      await placeOrder(customer, premiumId),
      await sendMessage(),
    ];
    const missed = await Promise.all(
      missedSubjects.map((subject) => witness.waitFor(about(subject), 'a missed event')),
    );

    const again = await startedFeed(b, adminB, seen.id);
    const viaQuery = await feed(b, adminB, { query: `lastEventId=${encodeURIComponent(seen.id)}` });
    const next = await sendMessage();
    for (const stream of [again, viaQuery]) {
      await stream.waitFor(about(next), 'the next event after the catch-up');
      expect(idsOf(stream.events)).toStrictEqual([
        ...idsOf(missed),
        (await witness.waitFor(about(next), 'the next event')).id,
      ]);
    }
  }, 60_000);

  test('events published while streams connect are neither lost nor repeated', async () => {
    const from = witness.lastEventId;
    const before = witness.events.length;
    // Streams connect before, among and after a burst of messages; each starts from `from`.
    const connecting: Promise<EventStream>[] = [feed(b, adminB, { lastEventId: from })];
    const sent: Promise<string>[] = [];
    for (let i = 0; i < 8; i++) {
      sent.push(sendMessage());
      if (i % 2 === 0) connecting.push(feed(b, adminB, { lastEventId: from }));
    }
    const subjects = await Promise.all(sent);
    connecting.push(feed(b, adminB, { lastEventId: from }));
    for (const subject of subjects) await witness.waitFor(about(subject), 'the burst on A');
    const published = idsOf(witness.events.slice(before));
    expect(published).toHaveLength(8);
    for (const stream of await Promise.all(connecting)) {
      for (const subject of subjects) await stream.waitFor(about(subject), 'the burst on B');
      expect(idsOf(stream.events)).toStrictEqual(published);
    }
  }, 60_000);

  test('a session gets 429 for its sixth open stream, other sessions do not; a stream its client closes frees a place', async () => {
    // A session of its own: the file's other streams are not counted with its five.
    const admin = a.client();
    await loginOk(admin, adminEmail, adminPassword);
    const five: EventStream[] = [];
    for (let n = 0; n < 5; n++) five.push(await startedFeed(a, admin));

    const sixth = await feed(a, admin);
    expect({ status: sixth.status, body: JSON.parse(sixth.body) as unknown }).toStrictEqual({
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringContaining('Too many live feed streams are open for this session'),
      },
    });
    expect(sixth.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(sixth.events).toStrictEqual([]);
    // The same admin signed in elsewhere (another session) is not held back.
    await startedFeed(a, adminA);

    // The browser closes a tab: once the server has seen the connection go, a new stream opens.
    five[0]!.close();
    const reopened = await pollUntil(
      async () => {
        const stream = await feed(a, admin);
        return stream.status === 200 ? stream : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'a stream in the place of the closed one' },
    );
    await pollUntilTrue(() => reopened.lastEventId !== '', 'the new stream to have a position');
    expect((await feed(a, admin)).status).toBe(429);
  }, 60_000);

  test('a client far behind (Last-Event-ID 0-0) is sent only the newest events it missed', async () => {
    const redis = new Redis(suite.services.redisUrl);
    try {
      // A history of its own, longer than what is replayed.
      const keys = liveFeedKeys(`replay-${uid()}`);
      const ids: string[] = [];
      for (let n = 0; n < LIVE_EVENT_REPLAY + 20; n++) {
        const id = await announceLiveEvent(redis, keys, {
          type: 'message.received',
          eventId: randomUUID(),
          occurredAt: new Date().toISOString(),
          subjectId: randomUUID(),
          text: `New message ${n}`,
        });
        if (id === null) throw new Error('expected a new event to be announced');
        ids.push(id);
      }
      const { missed, latest } = await catchUp(redis, keys, '0-0');
      expect(latest).toBe(ids.at(-1));
      expect(missed.map((entry) => entry.id)).toStrictEqual(ids.slice(-LIVE_EVENT_REPLAY));
      // Behind by less than that: everything missed, in order.
      const behind = await catchUp(redis, keys, ids.at(-4));
      expect(behind.missed.map((entry) => entry.id)).toStrictEqual(ids.slice(-3));
    } finally {
      redis.disconnect();
    }
  });

  test('the same domain event announced twice reaches admins once', async () => {
    const stream = await startedFeed(b, adminB);
    const redis = new Redis(suite.services.redisUrl);
    try {
      const keys = liveFeedKeys(defaultQueuePrefix(suite.services.databaseUrl));
      const event: LiveEvent = {
        type: 'message.received',
        eventId: randomUUID(),
        occurredAt: new Date().toISOString(),
        subjectId: randomUUID(),
        text: 'New message from Twice Delivered: Hello',
      };
      // What every process does with an event it commits; a second delivery is refused.
      expect(await announceLiveEvent(redis, keys, event)).toEqual(expect.any(String));
      expect(await announceLiveEvent(redis, keys, event)).toBeNull();
      // A later event arrives after anything the second announcement could have sent.
      await stream.waitFor(about(await sendMessage()), 'a later message');
      expect(stream.events.filter(about(event.subjectId))).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });

  test('heartbeats keep an idle stream open', async () => {
    const stream = await startedFeed(b, adminB);
    await pollUntilTrue(
      () => stream.comments.includes('heartbeat'),
      'a heartbeat comment',
      (LIVE_HEARTBEAT_SECONDS + 10) * 1000,
    );
  }, 60_000);

  test('an API process with admins listening shuts down at once, ending their streams', async () => {
    const c = await startIdentityApp(suite, {
      name: 'live-c',
      role: 'api',
      adminEmail,
      adminPassword,
      // Over this, the process gives up and exits with code 1.
      env: { SHUTDOWN_TIMEOUT_MS: '8000' },
    });
    const adminC = c.client();
    await loginOk(adminC, adminEmail, adminPassword);
    const listening = [await startedFeed(c, adminC), await startedFeed(c, adminC)];
    const stopped = await c.app.stop(15_000);
    expect({ code: stopped.code, forced: stopped.forced }).toStrictEqual({
      code: 0,
      forced: false,
    });
    await Promise.all(listening.map((stream) => stream.ended));
  }, 60_000);
});
