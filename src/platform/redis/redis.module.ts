import { Global, Module } from '@nestjs/common';
import { AppRedis } from './app-redis.js';
import { RateLimits } from './rate-limits.js';

/** The shared Redis connection and the rate limits built on it. */
@Global()
@Module({ providers: [AppRedis, RateLimits], exports: [AppRedis, RateLimits] })
export class RedisModule {}
