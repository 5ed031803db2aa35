/**
 * The database as an operator deploys it, against the built server and a real PostgreSQL: the tables'
 * owner applies the migrations (`--migrate-only`), and the product runs as a role that may only read
 * and write rows (DATABASE_MIGRATE=false), which cannot empty the audit log nor turn its guard off; a
 * pending migration stops such a start with a message naming it (with none, migrating is harmless); a statement that runs past
 * DATABASE_STATEMENT_TIMEOUT_MS fails with a clear error (503 to the client) instead of hanging, while
 * the migrator's connection has no limit.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/database-roles.test.ts
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from '../../src/platform/database/orm-options.js';
import {
  type AppProcess,
  printAppOutputs,
  resetAppOutputs,
  SERVER_ENTRY,
  startApp,
} from '../support/app-process.js';
import { HttpClient } from '../support/http-client.js';
import { assertStatus, loginOk, strongPassword, uid } from '../support/identity.js';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { type TestServices, startServices } from '../support/services.js';
import { currentTestFailed, currentTestName } from '../support/test-state.js';

const STATEMENT_TIMEOUT_MS = 1000;

let services: TestServices;
let mailbox: Mailbox;
/** The owner's connections (the test database's creator). */
let owner: pg.Pool;
/** A role with only SELECT, INSERT, UPDATE and DELETE on the tables, as in docker-compose.yml. */
let appRole: { name: string; url: string };
let app: AppProcess;
const adminEmail = `admin-${uid()}@seo-agency.test`;
const adminPassword = strongPassword();

/** Runs the built server with `args` and waits for it to exit. */
function runServer(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SERVER_ENTRY, ...args],
      {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

function urlAs(user: string, password: string): string {
  const url = new URL(services.databaseUrl);
  url.username = user;
  url.password = password;
  return url.toString();
}

beforeAll(async () => {
  services = await startServices();
  mailbox = await startMailbox();
  owner = new pg.Pool({ connectionString: services.databaseUrl, max: 3 });
  owner.on('error', () => undefined);

  const migrated = await runServer(['--migrate-only'], { DATABASE_URL: services.databaseUrl });
  if (migrated.code !== 0) throw new Error(`--migrate-only failed: ${migrated.output}`);

  const name = `app_${randomBytes(6).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const database = new URL(services.databaseUrl).pathname.slice(1);
  // What deploy/postgres-init/10-app-role.sh grants (its role name is fixed; a test's is not).
  await owner.query(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
  await owner.query(`GRANT CONNECT ON DATABASE "${database}" TO ${name}`);
  await owner.query(`GRANT USAGE ON SCHEMA public TO ${name}`);
  await owner.query(
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${name}`,
  );
  appRole = { name, url: urlAs(name, password) };

  app = await startApp({
    role: 'all',
    name: 'app-role',
    env: {
      DATABASE_URL: appRole.url,
      DATABASE_MIGRATE: 'false',
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      REDIS_URL: services.redisUrl,
      SMTP_URL: mailbox.url,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      OUTBOX_POLL_INTERVAL_MS: '200',
    },
  });
}, 180_000);

afterEach(() => {
  if (currentTestFailed()) printAppOutputs(`after failed test "${currentTestName()}"`);
  resetAppOutputs();
});

afterAll(async () => {
  await app?.stop(10_000).catch(() => app.kill());
  if (appRole) {
    await owner.query(`DROP OWNED BY ${appRole.name}`).catch(() => undefined);
    await owner.query(`DROP ROLE IF EXISTS ${appRole.name}`).catch(() => undefined);
  }
  await owner?.end().catch(() => undefined);
  await mailbox?.close().catch(() => undefined);
  await services?.stop();
}, 60_000);

const contactMessage = (email: string) => ({
  name: 'Ada',
  email,
  number: '+44 20 7946 0958',
  subject: `Roles ${email}`,
  message: 'Do you run as the owner?',
});

describe('running as a role that owns no table', () => {
  test('the product works: accounts, the contact form, its e-mails and the audit log', async () => {
    const admin = new HttpClient(app.baseUrl);
    await loginOk(admin, adminEmail, adminPassword);
    const sender = `visitor-${uid()}@example.test`;
    const posted = await new HttpClient(app.baseUrl).post('/api/messages', contactMessage(sender));
    assertStatus(posted, 201, 'POST /api/messages');
    // The outbox, the relay and the worker work too: the admin is mailed.
    await mailbox.waitFor(
      (mail) => mail.envelopeTo.includes(adminEmail) && mail.subject.includes(sender),
      30_000,
    );
    const id = String((posted.body as { id: string }).id);
    const read = await admin.put(`/api/admin/messages/${id}`, { messageStatus: 'Read' });
    assertStatus(read, 200, 'mark the message read');
    const { rows } = await owner.query<{ actor_email: string }>(
      `SELECT actor_email FROM audit_entry WHERE kind = 'message.read' AND target_id = $1`,
      [id],
    );
    expect(rows).toStrictEqual([{ actor_email: adminEmail }]);
  });

  test('it cannot empty the audit log nor turn its guards off', async () => {
    const asApp = new pg.Client({ connectionString: appRole.url });
    await asApp.connect();
    try {
      await expect(asApp.query('TRUNCATE audit_entry')).rejects.toThrow(/permission denied/);
      await expect(
        asApp.query('ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_no_truncate'),
      ).rejects.toThrow(/must be owner/);
      await expect(asApp.query('DELETE FROM audit_entry')).rejects.toThrow(
        /cannot be changed or removed/,
      );
    } finally {
      await asApp.end();
    }
    // Nor can the owner empty it while its guard is on.
    await expect(owner.query('TRUNCATE audit_entry')).rejects.toThrow(
      /cannot be changed or removed/,
    );
    const { rows } = await owner.query<{ entries: number }>(
      'SELECT count(*)::int AS entries FROM audit_entry',
    );
    expect(rows[0]!.entries).toBeGreaterThan(0);
  });

  test('with nothing pending, migrating is harmless; with DATABASE_MIGRATE=false, a pending migration stops the start, named', async () => {
    // Nothing to apply: even a start that migrates (the default) needs no owner's rights.
    const upToDate = await runServer(['--migrate-only'], { DATABASE_URL: appRole.url });
    expect({ code: upToDate.code, output: upToDate.output }).toStrictEqual({ code: 0, output: '' });

    const { rows } = await owner.query<{ name: string }>(
      `DELETE FROM mikro_orm_migrations
         WHERE id = (SELECT max(id) FROM mikro_orm_migrations) RETURNING name`,
    );
    const pending = rows[0]!.name;
    try {
      const started = await runServer(['--role=worker'], {
        DATABASE_URL: appRole.url,
        DATABASE_MIGRATE: 'false',
        REDIS_URL: services.redisUrl,
      });
      expect(started.code).toBe(1);
      expect(started.output).toContain(
        `Invalid configuration: DATABASE_MIGRATE is false but 1 migration(s) are pending (${pending})`,
      );
    } finally {
      await owner.query('INSERT INTO mikro_orm_migrations (name) VALUES ($1)', [pending]);
    }
  });
});

describe('statement timeout', () => {
  test('a request whose statement runs past DATABASE_STATEMENT_TIMEOUT_MS answers 503, then works again', async () => {
    const locker = await owner.connect();
    try {
      // Every insert into the contact messages waits on this lock.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE message IN ACCESS EXCLUSIVE MODE');
      const blocked = await new HttpClient(app.baseUrl).post(
        '/api/messages',
        contactMessage(`blocked-${uid()}@example.test`),
      );
      expect({
        status: blocked.status,
        retryAfter: blocked.headers.get('retry-after'),
        body: blocked.body,
      }).toStrictEqual({
        status: 503,
        retryAfter: '5',
        body: {
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The service is briefly unavailable; please try again in a moment',
        },
      });
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    const after = await new HttpClient(app.baseUrl).post(
      '/api/messages',
      contactMessage(`after-${uid()}@example.test`),
    );
    assertStatus(after, 201, 'POST /api/messages once the lock is gone');
  });

  test('the pool cancels a long statement with a clear error; the migrator has no limit', async () => {
    const limited = await MikroORM.init({
      ...ormOptions(services.databaseUrl, { statementTimeoutMs: 300 }),
      entities: [],
      discovery: { warnWhenNoEntities: false },
    });
    const migrator = await MikroORM.init({
      ...ormOptions(services.databaseUrl),
      entities: [],
      discovery: { warnWhenNoEntities: false },
    });
    try {
      await expect(limited.em.fork().execute('select pg_sleep(5)')).rejects.toThrow(
        /canceling statement due to statement timeout/,
      );
      const shown = await migrator.em
        .fork()
        .execute<{ statement_timeout: string }[]>('show statement_timeout');
      expect(shown).toStrictEqual([{ statement_timeout: '0' }]);
    } finally {
      await limited.close();
      await migrator.close();
    }
  });
});
