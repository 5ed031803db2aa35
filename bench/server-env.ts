import { randomBytes } from 'node:crypto';
import type { TestServices } from '../test/support/services.js';

/**
 * The environment the benchmarks start the built server with: production, on the run's PostgreSQL and
 * Redis, paying through the simulator (no money moves: production runs it only with this consent).
 */
export function benchServerEnv(services: TestServices, port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PAYPAL_MODE: 'simulator',
    PAYPAL_SIMULATOR_IN_PRODUCTION: 'yes-no-real-money',
    TOTP_SECRET_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}
