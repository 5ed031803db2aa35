import type { Logger } from 'pino';
import { type AppConfig, defaultQueuePrefix, type RawConfig } from '../config/app-config.js';
import { type LocalService, startLocalPostgres } from './local-postgres.js';
import { findOrStartLocalRedis } from './local-redis.js';

export interface ResolvedServices {
  config: AppConfig;
  /** Services this process started itself; stopped after the application has closed. */
  stop(): Promise<void>;
}

/** Fills in PostgreSQL and Redis for a zero-config start when DATABASE_URL / REDIS_URL are unset. */
export async function resolveServices(
  raw: RawConfig,
  log: Logger,
  options: { needsRedis: boolean },
): Promise<ResolvedServices> {
  const started: LocalService[] = [];
  try {
    const postgres = raw.DATABASE_URL
      ? undefined
      : await startLocalPostgres(raw.DATA_DIR, raw.EMBEDDED_POSTGRES_PORT, log);
    if (postgres) started.push(postgres);
    const redis =
      raw.REDIS_URL || !options.needsRedis
        ? undefined
        : await findOrStartLocalRedis(raw.DATA_DIR, raw.LOCAL_REDIS_PORT, log);
    if (redis) started.push(redis);
    const databaseUrl = raw.DATABASE_URL ?? postgres!.url;
    return {
      config: {
        ...raw,
        DATABASE_URL: databaseUrl,
        REDIS_URL: raw.REDIS_URL ?? redis?.url ?? '',
        PUBLIC_URL: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
        QUEUE_PREFIX: raw.QUEUE_PREFIX ?? defaultQueuePrefix(databaseUrl),
      },
      stop: () => stopAll(started),
    };
  } catch (error) {
    await stopAll(started);
    throw error;
  }
}

async function stopAll(services: LocalService[]): Promise<void> {
  for (const service of services.reverse()) await service.stop();
}
