import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { withTimeout } from '../../platform/runtime/with-timeout.js';
import type { Health } from './health.contract.js';

const CHECK_TIMEOUT_MS = 1000;
/** Load balancers poll health often: one real probe per second is enough and spares the database. */
const CACHE_MS = 1000;

/** Probes PostgreSQL and Redis, at most once per second however often health is asked for. */
@Injectable()
export class HealthMonitor implements OnModuleDestroy {
  // Fails fast instead of queueing commands while Redis is away, so a probe ends within a second.
  private readonly redis: Redis;
  private last: { at: number; health: Health } | undefined;
  private probing: Promise<Health> | undefined;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    this.redis.on('error', () => undefined);
  }

  current(): Promise<Health> {
    if (this.last && Date.now() - this.last.at < CACHE_MS) return Promise.resolve(this.last.health);
    this.probing ??= this.probe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probe(): Promise<Health> {
    const [database, redis] = await Promise.all([
      check(() => this.em.getConnection().execute('select 1')),
      check(() => this.redis.ping()),
    ]);
    const health: Health = {
      status: database === 'up' && redis === 'up' ? 'ok' : 'error',
      checks: { database, redis },
    };
    this.last = { at: Date.now(), health };
    return health;
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}

async function check(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS, 'health probe timed out');
    return 'up';
  } catch {
    return 'down';
  }
}
