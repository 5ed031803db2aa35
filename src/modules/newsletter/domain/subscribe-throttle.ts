import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AUTH_MESSAGES } from '../../../contracts/identity.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { TooManyRequestsException } from '../../../platform/http/too-many-requests.exception.js';

const HOUR = 3600;

/**
 * Limits newsletter sign-ups in Redis, shared by every API process (in memory while Redis is away):
 * too many from one IP is a 429; too many for one address are answered as usual but change nothing
 * and send nothing, so that nobody can flood an inbox with confirmation mails, and the limit reveals
 * nothing about the address.
 */
@Injectable()
export class SubscribeThrottle implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly byIp: RateLimiterAbstract;
  private readonly byEmail: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: config.ROLE === 'worker',
    });
    this.redis.on('error', () => undefined);
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${config.QUEUE_PREFIX}:throttle:${keyPrefix}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
      });
    this.byIp = limiter('subscribe-ip', 20, HOUR);
    this.byEmail = limiter('subscribe-email', 5, HOUR);
  }

  /** Counts a sign-up: throws 429 for the IP's excess, returns false for the address's excess. */
  async consume(email: string, ip: string): Promise<boolean> {
    try {
      await this.byIp.consume(ip);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new TooManyRequestsException(
          AUTH_MESSAGES.tooManyAttempts,
          Math.ceil(error.msBeforeNext / 1000),
        );
      }
      throw error;
    }
    try {
      await this.byEmail.consume(email);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
