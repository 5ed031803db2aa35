import type { Logger } from 'pino';
import { type AppConfig, defaultQueuePrefix, type RawConfig } from '../config/app-config.js';
import { type LocalService, startLocalPostgres } from './local-postgres.js';
import { findOrStartLocalRedis } from './local-redis.js';

const configured = (url: string): LocalService => ({ url, stop: async () => {} });

/** DATABASE_URL, or for a zero-config start an embedded PostgreSQL under DATA_DIR. */
export function resolvePostgres(raw: RawConfig, log: Logger): Promise<LocalService> {
  return raw.DATABASE_URL
    ? Promise.resolve(configured(raw.DATABASE_URL))
    : startLocalPostgres(raw.DATA_DIR, raw.EMBEDDED_POSTGRES_PORT, log);
}

/** REDIS_URL, or for a zero-config start a local Redis found or started under DATA_DIR. */
export function resolveRedis(raw: RawConfig, log: Logger): Promise<LocalService> {
  return raw.REDIS_URL
    ? Promise.resolve(configured(raw.REDIS_URL))
    : findOrStartLocalRedis(raw.DATA_DIR, raw.LOCAL_REDIS_PORT, log);
}

/** The configuration the application runs with, once its services are known. */
export function completeConfig(raw: RawConfig, databaseUrl: string, redisUrl: string): AppConfig {
  return {
    ...raw,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_URL: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    QUEUE_PREFIX: raw.QUEUE_PREFIX ?? defaultQueuePrefix(databaseUrl),
  };
}
