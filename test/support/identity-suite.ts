/**
 * The per-file setup of the identity integration tests: services (a fresh database), one mailbox, a
 * pg pool, and the built app started on a known port so that PUBLIC_URL (links in mails, the Google
 * redirect URI) can point at it. Call `useIdentitySuite()` at the top level of a test file.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import pg from 'pg';
import { type AppProcess, printAppOutputs, resetAppOutputs, startApp } from './app-process.js';
import { HttpClient } from './http-client.js';
import { type Mailbox, startMailbox } from './mailbox.js';
import { getFreePort } from './net.js';
import { type TestServices, startServices } from './services.js';
import { currentTestFailed, currentTestName } from './test-state.js';

export interface IdentitySuite {
  readonly services: TestServices;
  readonly mailbox: Mailbox;
  readonly db: pg.Pool;
}

export interface IdentityApp {
  app: AppProcess;
  /** http://127.0.0.1:PORT, also the app's PUBLIC_URL. */
  baseUrl: string;
  publicUrl: string;
  /**
   * A new cookie-keeping client (a new "browser") for this app. With `simulateClientIps`, each client
   * comes from an address of its own (X-Forwarded-For, trusted from 127.0.0.1), or from `ip`.
   */
  client(ip?: string): HttpClient;
  stop(): Promise<void>;
}

const started = new Set<AppProcess>();
let failed = false;

export function useIdentitySuite(): IdentitySuite {
  let services: TestServices | undefined;
  let mailbox: Mailbox | undefined;
  let db: pg.Pool | undefined;

  beforeAll(async () => {
    services = await startServices();
    mailbox = await startMailbox();
    db = new pg.Pool({ connectionString: services.databaseUrl, max: 3 });
    db.on('error', () => undefined);
  }, 180_000);

  afterEach(() => {
    if (currentTestFailed()) failed = true;
  });

  afterAll(async () => {
    if (failed) {
      for (const app of started) printTail(app, 'a test of this file failed');
    }
    await Promise.all([...started].map((app) => app.stop(5000).catch(() => app.kill())));
    await db?.end().catch(() => undefined);
    await mailbox?.close().catch(() => undefined);
    await services?.stop();
  }, 60_000);

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (the suite's before failed)`);
    return value;
  };
  return {
    get services() {
      return need(services, 'services');
    },
    get mailbox() {
      return need(mailbox, 'the mailbox');
    },
    get db() {
      return need(db, 'the database pool');
    },
  };
}

/**
 * For a file whose tests start apps of their own: the list each test puts them on. After every test
 * they are stopped, and their output is printed when the test failed.
 */
export function usePerTestApps(): AppProcess[] {
  const apps: AppProcess[] = [];
  afterEach(async () => {
    if (currentTestFailed()) printAppOutputs(`after failed test "${currentTestName()}"`);
    resetAppOutputs();
    await Promise.all(apps.splice(0).map((app) => app.stop(5000).catch(() => app.kill())));
  }, 30_000);
  return apps;
}

function printTail(app: AppProcess, reason: string): void {
  const output = app.output();
  const tail = output.length > 30_000 ? `…${output.slice(-30_000)}` : output;
  process.stderr.write(
    `----- output of ${app.name} (port ${app.port}): ${reason} -----\n${tail || '(nothing)'}\n----- end of ${app.name} -----\n`,
  );
}

export interface StartIdentityAppOptions {
  name: string;
  /** The env admin: ADMIN_EMAIL's first address, created with ADMIN_PASSWORD. */
  adminEmail?: string;
  adminPassword?: string;
  /** Added to (or, when undefined, removed from) the defaults. */
  env?: Record<string, string | undefined>;
  port?: number;
  /**
   * Run as behind a reverse proxy on 127.0.0.1 (TRUST_PROXY) and give every client an address of
   * its own, so that the per-IP limits (logins, registrations) of one test never reach another.
   */
  simulateClientIps?: boolean;
  /** `api` leaves the queues to the suite's other apps (their PUBLIC_URL is in the e-mails). */
  role?: 'all' | 'api';
}

let nextIp = 1;
/** A new address in 10.0.0.0/8 for a simulated client. */
export const newClientIp = () => {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** Starts the built app (role all, unless told) against the suite's services, with PUBLIC_URL = its own URL. */
export async function startIdentityApp(
  suite: IdentitySuite,
  options: StartIdentityAppOptions,
): Promise<IdentityApp> {
  const port = options.port ?? (await getFreePort());
  const publicUrl = `http://127.0.0.1:${port}`;
  const app = await startApp({
    role: options.role ?? 'all',
    name: options.name,
    port,
    env: {
      DATABASE_URL: suite.services.databaseUrl,
      REDIS_URL: suite.services.redisUrl,
      SMTP_URL: suite.mailbox.url,
      MAIL_FROM: 'SEO Agency <hello@seo-agency.test>',
      ADMIN_EMAIL: options.adminEmail ?? `admin-${port}@seo-agency.test`,
      ADMIN_PASSWORD: options.adminPassword,
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'info',
      OUTBOX_POLL_INTERVAL_MS: '200',
      JOB_BACKOFF_MS: '200',
      QUEUE_STALLED_INTERVAL_MS: '1000',
      TRUST_PROXY: options.simulateClientIps ? '127.0.0.1' : undefined,
      ...options.env,
    },
  });
  started.add(app);
  return {
    app,
    baseUrl: app.baseUrl,
    publicUrl,
    client: (ip) =>
      options.simulateClientIps || ip
        ? new HttpClient(app.baseUrl, { 'x-forwarded-for': ip ?? newClientIp() })
        : new HttpClient(app.baseUrl),
    stop: async () => {
      await app.stop(5000).catch(() => app.kill());
      if (!failed) started.delete(app);
    },
  };
}
