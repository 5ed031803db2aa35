import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { MESSAGE_TEXTS } from '../../../contracts/messages.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';

/**
 * Limits contact messages per client IP and per sender address (429 with Retry-After over either), so
 * the form cannot be used to flood the agency's inbox or anyone else's.
 */
@Injectable()
export class ContactThrottle {
  private readonly byIp: RateLimiterAbstract;
  private readonly bySender: RateLimiterAbstract;

  constructor(
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const window = config.CONTACT_THROTTLE_WINDOW_SECONDS;
    this.byIp = limits.limiter('contact-ip', config.CONTACT_MAX_PER_IP, window);
    this.bySender = limits.limiter('contact-sender', config.CONTACT_MAX_PER_SENDER, window);
  }

  async consume(senderEmail: string, ip: string): Promise<void> {
    await this.limits.consumeOrThrow(this.byIp, ip, MESSAGE_TEXTS.tooMany);
    await this.limits.consumeOrThrow(
      this.bySender,
      senderEmail.toLowerCase(),
      MESSAGE_TEXTS.tooMany,
    );
  }
}
