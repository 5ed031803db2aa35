import { Migrator } from '@mikro-orm/migrations';
import { type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { afterCommitSubscriber } from './after-commit.js';

/** Connections of the ORM's pool; requests beyond it wait for one (at most the connect timeout). */
export const POOL_MAX = 10;
/** The default of DATABASE_CONNECT_TIMEOUT_MS. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/**
 * How much longer than the statement timeout the driver waits for an answer: PostgreSQL cancels a slow
 * statement first (a clear error); this only ends the wait on a link that went silent.
 */
const QUERY_TIMEOUT_MARGIN_MS = 5000;
/** Idle time before TCP keepalive probes a pooled connection, so a dropped link is noticed. */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;
/** How the pool's connections show in pg_stat_activity. */
export const APPLICATION_NAME = 'seo-agency';

export interface ConnectionSettings {
  /** Connections of the pool (default POOL_MAX). */
  poolSize?: number;
  /**
   * Longest wait for a connection, whether a free one of the pool or a new one: without it a request
   * waits forever for a full pool, or for the TCP timeout when PostgreSQL is unreachable.
   */
  connectTimeoutMs?: number;
  /**
   * Longest run of one statement (PostgreSQL's `statement_timeout`), and the driver's own wait for an
   * answer a little longer. Unset or 0: no limit (the migrator's connection: a migration may take long).
   */
  statementTimeoutMs?: number;
}

/** pg's per-connection limits for a statement timeout: none at all when it is 0. */
function statementLimits(timeoutMs: number | undefined) {
  if (!timeoutMs) return {};
  return { statement_timeout: timeoutMs, query_timeout: timeoutMs + QUERY_TIMEOUT_MARGIN_MS };
}

/** Options shared by the application and the MikroORM CLI (mikro-orm.config.ts). */
export function ormOptions(databaseUrl: string, settings: ConnectionSettings = {}): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    extensions: [Migrator],
    subscribers: [afterCommitSubscriber],
    migrations: {
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      snapshotOnMigrate: false,
      silent: true,
    },
    pool: { min: 0, max: settings.poolSize ?? POOL_MAX },
    // pg's own pool options (MikroORM passes them through to pg.Pool).
    driverOptions: {
      connectionTimeoutMillis: settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      application_name: APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
      ...statementLimits(settings.statementTimeoutMs),
    },
    // Handlers and processors must fork; the global context is refused so nothing leaks between requests.
    allowGlobalContext: false,
  };
}
