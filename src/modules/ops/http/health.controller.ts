import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, type OnModuleDestroy, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { healthSchema, type Health } from '../health.contract.js';

const CHECK_TIMEOUT_MS = 1000;

@ApiTags('ops')
@Controller('api/health')
export class HealthController implements OnModuleDestroy {
  // Fails fast instead of queueing commands while Redis is away, so health answers within a second.
  private readonly redis: Redis;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: false,
    });
    this.redis.on('error', () => undefined);
  }

  @Get()
  @ApiOperation({ summary: 'Database and Redis status; 503 when either is down' })
  @ApiResponse({ status: 200, standardSchema: healthSchema })
  @ApiResponse({ status: 503, standardSchema: healthSchema })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<Health> {
    const [database, redis] = await Promise.all([
      probe(() => this.em.getConnection().execute('select 1')),
      probe(() => this.redis.ping()),
    ]);
    const healthy = database === 'up' && redis === 'up';
    void reply.status(healthy ? 200 : 503).header('cache-control', 'no-store');
    return { status: healthy ? 'ok' : 'error', checks: { database, redis } };
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
