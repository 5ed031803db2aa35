import { Inject, Injectable } from '@nestjs/common';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';
import { AppRedis } from './app-redis.js';

/**
 * Rate limits counted in Redis, shared by every API process; an in-memory count stands in while Redis is
 * away (per process), so limited routes keep working.
 */
@Injectable()
export class RateLimits {
  constructor(
    private readonly redis: AppRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** At most `points` per key within `durationSeconds`. */
  limiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract {
    return new RateLimiterRedis({
      storeClient: this.redis.client,
      keyPrefix: `${this.config.QUEUE_PREFIX}:throttle:${name}`,
      points,
      duration: durationSeconds,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({
        keyPrefix: name,
        points,
        duration: durationSeconds,
      }),
    });
  }

  /** Counts one use; over the limit it throws a 429 with Retry-After and the given message. */
  async consumeOrThrow(limiter: RateLimiterAbstract, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new TooManyRequestsException(message, Math.ceil(error.msBeforeNext / 1000));
      }
      throw error;
    }
  }

  /** Counts one use; returns false over the limit (for limits the caller must not reveal). */
  async consume(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
    try {
      await limiter.consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }
}
