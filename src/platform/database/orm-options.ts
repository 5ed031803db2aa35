import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { afterCommitSubscriber } from './after-commit.js';

const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Connections of the ORM's pool; requests beyond it wait for one (at most the connect timeout). */
export const POOL_MAX = 10;
/** The default of DATABASE_CONNECT_TIMEOUT_MS. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** How the pool's connections show in pg_stat_activity. */
export const APPLICATION_NAME = 'seo-agency';

export interface ConnectionSettings {
  /**
   * Longest wait for a connection, whether a free one of the pool or a new one: without it a request
   * waits forever for a full pool, or for the TCP timeout when PostgreSQL is unreachable.
   */
  connectTimeoutMs?: number;
}

/** Options shared by the application and the MikroORM CLI (mikro-orm.config.ts). */
export function ormOptions(databaseUrl: string, settings: ConnectionSettings = {}): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    extensions: [Migrator],
    subscribers: [afterCommitSubscriber],
    migrations: {
      path: migrationsDir,
      glob: '!(*.d).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      snapshotOnMigrate: false,
      silent: true,
    },
    pool: { min: 0, max: POOL_MAX },
    // pg's own pool options (MikroORM passes them through to pg.Pool).
    driverOptions: {
      connectionTimeoutMillis: settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      application_name: APPLICATION_NAME,
    },
    // Handlers and processors must fork; the global context is refused so nothing leaks between requests.
    allowGlobalContext: false,
  };
}
