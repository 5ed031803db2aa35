/**
 * Health that tells the truth: liveness (GET /api/health/live) answers whatever the services do;
 * readiness (GET /api/health) checks PostgreSQL on a connection of its own, reports it down only
 * after HEALTH_FAILURE_THRESHOLD failed probes in a row, and recovers; requests needing PostgreSQL
 * answer 503 with Retry-After while it is away (never 500) and work again once it is back.
 * PostgreSQL is made unreachable with a TCP proxy in front of it (test/support/tcp-proxy.ts).
 * Readiness also reports the outbox backlog and every queue's jobs, and turns 503 while no worker
 * takes the owed work for longer than OUTBOX_STUCK_AFTER_SECONDS (and 200 once one does).
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/health.test.ts
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import { APPLICATION_NAME, POOL_MAX } from '../../src/platform/database/orm-options.js';
import { QUEUES } from '../../src/queues.js';
import { type AppProcess, startApp } from '../support/app-process.js';
import type { HttpClient, HttpResponse } from '../support/http-client.js';
import {
  assertErrorBody,
  assertStatus,
  describeResponse,
  login,
  loginOk,
  MAIL_SUBJECTS,
  mailTo,
  register,
  sessionAccount,
  strongPassword,
  uniqueEmail,
} from '../support/identity.js';
import { useWorld } from '../support/world.js';
import { pollUntil } from '../support/net.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

const world = useWorld();

const THRESHOLD = 3;
const anyCount = () => expect.any(Number) as unknown;
/** Every queue, each with its jobs by state. */
const EVERY_QUEUE = Object.fromEntries(
  Object.values(QUEUES).map((name) => [
    name,
    { waiting: anyCount(), active: anyCount(), delayed: anyCount(), failed: anyCount() },
  ]),
);
const HEALTHY = {
  status: 'ok',
  checks: { database: 'up', redis: 'up', outbox: 'up' },
  outbox: expect.objectContaining({ backlog: anyCount() }) as unknown,
  queues: EVERY_QUEUE,
};
/** A probe of PostgreSQL failed, not yet THRESHOLD in a row: still up, the outbox unread this time. */
const DATABASE_FAILING = {
  status: 'ok',
  checks: { database: 'up', redis: 'up', outbox: 'unknown' },
  outbox: null,
  queues: EVERY_QUEUE,
};
const DATABASE_DOWN = {
  status: 'error',
  checks: { database: 'down', redis: 'up', outbox: 'unknown' },
  outbox: null,
  queues: EVERY_QUEUE,
};

async function assertLive(client: HttpClient, what: string): Promise<void> {
  const live = await client.get('/api/health/live', { withoutCookies: true });
  assertStatus(live, 200, `liveness ${what}`);
  expect(live.body).toStrictEqual({ status: 'ok' });
}

async function readiness(client: HttpClient): Promise<HttpResponse> {
  return client.get('/api/health', { withoutCookies: true });
}

/** 503, the error body and a Retry-After in seconds. */
function assertUnavailable(response: HttpResponse, what: string): void {
  assertErrorBody(response, 503, what);
  const retryAfter = Number(response.headers.get('retry-after'));
  // Retry-After is a whole number of seconds, at least 1.
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
}

/** Error lines with a stack written by the error filter (one per failed request). */
const requestFailures = (app: AppProcess) =>
  app.logs().filter((line) => line.msg === 'Request failed');

describe('PostgreSQL going away and coming back', () => {
  test('liveness stays 200; readiness turns 503 at the threshold; requests answer 503, then recover', async () => {
    const target = new URL(world.services.databaseUrl);
    const proxy = await startTcpProxy({
      targetHost: target.hostname,
      targetPort: Number(target.port || 5432),
    });
    try {
      const { adminEmail, adminPassword } = world;
      const api = await world.startApp({
        name: 'health-db-proxy',
        env: {
          DATABASE_URL: proxy.proxiedUrl(world.services.databaseUrl),
          HEALTH_FAILURE_THRESHOLD: String(THRESHOLD),
          // Every request probes, so the requests below count the probes.
          HEALTH_CACHE_MS: '0',
        },
      });
      const probe = api.client();
      const signedIn = api.client();
      await loginOk(signedIn, adminEmail, adminPassword);
      await assertLive(probe, 'with PostgreSQL up');
      expect((await readiness(probe)).body).toStrictEqual(HEALTHY);

      await proxy.pause();

      for (let failure = 1; failure < THRESHOLD; failure++) {
        const answer = await readiness(probe);
        assertStatus(answer, 200, `readiness after ${failure} failed probe(s)`);
        expect(answer.body).toStrictEqual(DATABASE_FAILING);
        await assertLive(probe, `after ${failure} failed readiness probe(s)`);
      }
      const down = await readiness(probe);
      assertStatus(down, 503, `readiness after ${THRESHOLD} failed probes`);
      expect(down.body).toStrictEqual(DATABASE_DOWN);
      const downLine = await api.app.waitForLog(
        (line) => line.msg === 'PostgreSQL is down: readiness answers 503',
        5000,
      );
      expect(downLine.consecutiveFailures).toBe(THRESHOLD);
      await assertLive(probe, 'with readiness down');

      assertUnavailable(await signedIn.get('/api/auth/session'), 'GET /api/auth/session');
      assertUnavailable(
        await login(api.client(), adminEmail, adminPassword),
        'POST /api/auth/login',
      );
      await api.app.waitForLog(
        (line) => line.msg === 'Database unavailable: answering 503 until it is back',
        5000,
      );

      await proxy.resume();

      const up = await readiness(probe);
      assertStatus(up, 200, 'readiness at the first probe after PostgreSQL is back');
      expect(up.body).toStrictEqual(HEALTHY);
      expect((await sessionAccount(signedIn)).email).toBe(adminEmail);
      await loginOk(api.client(), adminEmail, adminPassword);
      await assertLive(probe, 'after PostgreSQL is back');
      // Written after every line of the outage (the output is one ordered stream).
      await api.app.waitForLog((line) => line.msg === 'PostgreSQL is back up', 5000);
      // No request failed with an error-level stack trace.
      expect(requestFailures(api.app)).toStrictEqual([]);
      await api.stop();
    } finally {
      await proxy.close();
    }
  }, 120_000);
});

describe('readiness and the ORM pool', () => {
  test('with every pooled connection stuck behind a lock, readiness stays 200 and the next request gets 503', async () => {
    const api = await world.startApp({
      name: 'health-pool-blocked',
      env: {
        // One failed probe would show at once, so a probe queued behind the pool would be seen.
        HEALTH_FAILURE_THRESHOLD: '1',
        HEALTH_CACHE_MS: '0',
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
      },
    });
    const probe = api.client();
    const locker = await world.db.connect();
    const sessionLookups: Promise<HttpResponse>[] = [];
    let locked = false;
    try {
      await locker.query('begin');
      await locker.query('lock table session in access exclusive mode');
      locked = true;
      // A well-formed cookie of no session: each lookup reads the locked table and waits.
      const lookups = POOL_MAX + 3;
      for (let i = 0; i < lookups; i++) {
        const visitor = api.client();
        visitor.setCookie('sid', randomBytes(32).toString('base64url'));
        sessionLookups.push(visitor.get('/api/auth/session', { timeoutMs: 60_000 }));
      }
      await pollUntil(
        async () => {
          const { rows } = await world.db.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and application_name = $1
                  and wait_event_type = 'Lock'`,
            [APPLICATION_NAME],
          );
          return rows[0]!.waiting === POOL_MAX;
        },
        {
          timeoutMs: 30_000,
          intervalMs: 100,
          what: `all ${POOL_MAX} pooled connections to wait on the lock`,
        },
      );

      const answer = await readiness(probe);
      assertStatus(answer, 200, 'readiness with the ORM pool exhausted');
      expect(answer.body).toStrictEqual(HEALTHY);
      const { rows } = await world.db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = $1`,
        [`${APPLICATION_NAME}-health`],
      );
      // Readiness has one connection of its own.
      expect(rows[0]!.n).toBe(1);
      await assertLive(probe, 'with the ORM pool exhausted');

      // The lookups that found no free connection give up after DATABASE_CONNECT_TIMEOUT_MS; the
      // others cannot finish before the lock is released.
      const settled = await settledWhileBlocked(sessionLookups, lookups - POOL_MAX);
      for (const response of settled) {
        assertUnavailable(response, 'GET /api/auth/session waiting for a pooled connection');
      }
    } finally {
      if (locked) await locker.query('commit').catch(() => undefined);
      locker.release();
    }
    const results = await Promise.all(sessionLookups);
    const answered = results.filter((response) => response.status === 200);
    // The lookups holding a connection answer once the lock is gone (all the answers stand beside
    // the count, so that a failure shows them).
    const answers = results.map(describeResponse).join(' | ');
    expect({ answered: answered.length, answers }).toStrictEqual({ answered: POOL_MAX, answers });
    for (const response of answered)
      expect((response.body as { account: unknown }).account).toBeNull();
    await api.stop();
  }, 120_000);
});

/** Polls readiness until its answer passes `wanted`. */
async function readinessUntil(
  client: HttpClient,
  wanted: (answer: HttpResponse) => boolean,
  what: string,
): Promise<HttpResponse> {
  return pollUntil(
    async () => {
      const answer = await readiness(client);
      return wanted(answer) ? answer : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, what },
  );
}

const backlogOf = (answer: HttpResponse) =>
  (answer.body as { outbox: { backlog: number } | null }).outbox?.backlog;

describe('the outbox in readiness', () => {
  test('backlog and queues are reported; 503 while no worker takes owed work, 200 once one does', async () => {
    // The apps of the tests above are stopped: nothing else relays or takes this database's work.
    const { rows } = await world.db.query<{ owed: number }>(
      `select count(*)::int as owed from outbox_event where completed_at is null and failed_at is null`,
    );
    expect(rows[0]!.owed).toBe(0);
    // API processes only: they relay owed work to the queues, but nobody takes it from there.
    const api = await world.startApp({
      name: 'health-outbox-api',
      role: 'api',
      env: { OUTBOX_STUCK_AFTER_SECONDS: '1', HEALTH_CACHE_MS: '0' },
    });
    let worker: AppProcess | undefined;
    try {
      const probe = api.client();
      const idle = await readiness(probe);
      assertStatus(idle, 200, 'readiness with nothing owed');
      expect(idle.body).toStrictEqual({
        ...HEALTHY,
        outbox: expect.objectContaining({ backlog: 0, oldestAgeSeconds: null }),
      });

      // A sign-up: its event is owed until a worker has handled it (and sent its e-mail).
      const email = uniqueEmail('stuck');
      assertStatus(await register(api.client(), email, strongPassword()), 202, 'register');
      const stuck = await readinessUntil(
        probe,
        (answer) => answer.status === 503,
        'readiness to report the outbox stuck',
      );
      expect(stuck.body).toStrictEqual({
        status: 'error',
        checks: { database: 'up', redis: 'up', outbox: 'down' },
        outbox: expect.objectContaining({ backlog: 1, oldestAgeSeconds: expect.any(Number) }),
        queues: {
          ...EVERY_QUEUE,
          [QUEUES.domainEvents]: { waiting: 1, active: 0, delayed: 0, failed: 0 },
        },
      });
      const { outbox } = stuck.body as { outbox: { oldestAgeSeconds: number } };
      expect(outbox.oldestAgeSeconds).toBeGreaterThan(1);
      const stuckLine = await api.app.waitForLog(
        (line) => /^Outbox stuck/.test(String(line.msg)),
        5000,
      );
      expect(stuckLine).toMatchObject({ backlog: 1, stuckAfterSeconds: 1 });
      await assertLive(probe, 'with the outbox stuck');

      // A worker comes: it handles the event, sends the e-mail, and the outbox flows again.
      worker = await startApp({
        role: 'worker',
        name: 'health-outbox-worker',
        env: {
          DATABASE_URL: world.services.databaseUrl,
          REDIS_URL: world.services.redisUrl,
          SMTP_URL: world.mailbox.url,
          PUBLIC_URL: api.publicUrl,
          OUTBOX_POLL_INTERVAL_MS: '200',
        },
      });
      await world.mailbox.waitFor(mailTo(email, MAIL_SUBJECTS.verify), 20_000);
      const flowing = await readinessUntil(
        probe,
        (answer) => answer.status === 200 && backlogOf(answer) === 0,
        'readiness to see the outbox flow and empty again',
      );
      expect(flowing.body).toStrictEqual({
        ...HEALTHY,
        outbox: expect.objectContaining({ backlog: 0, oldestAgeSeconds: null }),
      });
      await api.app.waitForLog((line) => line.msg === 'Outbox flows again', 5000);
    } finally {
      await worker?.stop(5000);
      await api.stop();
    }
  }, 120_000);
});

/** Waits until `count` of the requests have answered, and returns those answers. */
async function settledWhileBlocked(
  requests: Promise<HttpResponse>[],
  count: number,
): Promise<HttpResponse[]> {
  const settled: HttpResponse[] = [];
  for (const request of requests)
    void request.then(
      (response) => settled.push(response),
      () => undefined,
    );
  await pollUntil(() => settled.length >= count, {
    timeoutMs: 30_000,
    intervalMs: 50,
    what: `${count} requests to give up waiting for a pooled connection`,
  });
  // No request holding a pooled connection answered.
  expect(settled.length).toBe(count);
  return [...settled];
}
