import { Global, Module } from '@nestjs/common';
import { AppRedis } from './app-redis.js';
import { ClusterCounters } from './cluster-counters.js';
import { RateLimits } from './rate-limits.js';

/** The shared Redis connection and what is built on it: rate limits, the cluster-wide counters. */
@Global()
@Module({
  providers: [AppRedis, RateLimits, ClusterCounters],
  exports: [AppRedis, RateLimits, ClusterCounters],
})
export class RedisModule {}
