import { Redis } from 'ioredis';
import type { ReadinessProbe } from './readiness-probe.js';

/** PING on a Redis connection of its own, apart from the queues' and the rate limits'. */
export class RedisProbe implements ReadinessProbe {
  private readonly redis: Redis;

  constructor(redisUrl: string, timeoutMs: number) {
    // Fails fast instead of queueing commands while Redis is away, so a probe ends within its timeout.
    this.redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
    });
    this.redis.on('error', () => undefined);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
