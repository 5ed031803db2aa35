import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { SEO_CHECK_TEXTS } from '../../../contracts/seo-check.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { clientNetwork } from '../../../platform/http/client-network.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';

/**
 * Limits the free SEO check (429 with Retry-After), so it can be used neither to make the server fetch
 * pages in bulk nor to mail report links to many addresses:
 * - per client network (an IPv4 address, an IPv6 /64): every request, a cached one too;
 * - for everyone together: every new check (a page, its robots.txt, sitemap and up to 50 links fetched).
 */
@Injectable()
export class SeoCheckThrottle {
  private readonly byNetwork: RateLimiterAbstract;
  private readonly global: RateLimiterAbstract;

  constructor(
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const window = config.SEO_CHECK_WINDOW_SECONDS;
    this.byNetwork = limits.limiter('seo-check-ip', config.SEO_CHECK_MAX_PER_IP, window);
    this.global = limits.limiter('seo-check-all', config.SEO_CHECK_MAX_GLOBAL, window);
  }

  async consumeRequest(ip: string): Promise<void> {
    await this.limits.consumeOrThrow(this.byNetwork, clientNetwork(ip), SEO_CHECK_TEXTS.tooMany);
  }

  async consumeNewCheck(): Promise<void> {
    await this.limits.consumeOrThrow(this.global, 'all', SEO_CHECK_TEXTS.busy);
  }
}
