import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * The process's one Redis connection for small commands (rate limits, change notices), apart from the
 * queues' own. It fails fast instead of queueing while Redis is away, so callers can fall back.
 */
@Injectable()
export class AppRedis implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: true,
    });
    this.client.on('error', () => undefined);
    this.client.connect().catch(() => undefined);
  }

  /** A connection of its own, for a subscriber (a subscribed connection takes no other commands). */
  subscriber(): Redis {
    const connection = this.client.duplicate({ enableOfflineQueue: true, lazyConnect: false });
    connection.on('error', () => undefined);
    return connection;
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
