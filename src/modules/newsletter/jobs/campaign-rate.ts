import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { AppRedis } from '../../../platform/redis/app-redis.js';

/** What the sending rate grants: `granted` e-mails now, else none before `nextWindowAt`. */
export interface RateGrant {
  granted: number;
  nextWindowAt: number;
}

/**
 * The campaigns' sending rate: at most NEWSLETTER_RATE_PER_WINDOW e-mails per
 * NEWSLETTER_RATE_WINDOW_MS, counted in a Redis key per window (fixed windows on the clock), so every
 * worker process shares it. Unset: everything is granted at once.
 */
@Injectable()
export class CampaignRate {
  constructor(
    private readonly redis: AppRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get limited(): boolean {
    return this.config.NEWSLETTER_RATE_PER_WINDOW !== undefined;
  }

  /** Takes up to `wanted` e-mails from the current window. */
  async take(wanted: number): Promise<RateGrant> {
    const limit = this.config.NEWSLETTER_RATE_PER_WINDOW;
    const windowMs = this.config.NEWSLETTER_RATE_WINDOW_MS;
    const window = Math.floor(Date.now() / windowMs);
    const nextWindowAt = (window + 1) * windowMs;
    if (limit === undefined) return { granted: wanted, nextWindowAt };
    const key = `${this.config.QUEUE_PREFIX}:newsletter:rate:${window}`;
    const replies = await this.redis.client
      .multi()
      .incrby(key, wanted)
      .pexpire(key, windowMs * 2)
      .exec();
    const used = Number(replies?.[0]?.[1] ?? Number.NaN);
    if (!Number.isFinite(used)) throw new Error('The sending rate could not be counted in Redis');
    const granted = Math.max(0, Math.min(wanted, limit - (used - wanted)));
    return { granted, nextWindowAt };
  }
}
