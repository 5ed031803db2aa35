import { Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AUTH_MESSAGES } from '../../../contracts/identity.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';

const HOUR = 3600;

/**
 * Limits newsletter sign-ups: too many from one IP is a 429; too many for one address are answered as
 * usual but change nothing and send nothing, so that nobody can flood an inbox with confirmation
 * mails, and the limit reveals nothing about the address.
 */
@Injectable()
export class SubscribeThrottle {
  private readonly byIp: RateLimiterAbstract;
  private readonly byEmail: RateLimiterAbstract;

  constructor(private readonly limits: RateLimits) {
    this.byIp = limits.limiter('subscribe-ip', 20, HOUR);
    this.byEmail = limits.limiter('subscribe-email', 5, HOUR);
  }

  /** Counts a sign-up: throws 429 for the IP's excess, returns false for the address's excess. */
  async consume(email: string, ip: string): Promise<boolean> {
    await this.limits.consumeOrThrow(this.byIp, ip, AUTH_MESSAGES.tooManyAttempts);
    return this.limits.consume(this.byEmail, email);
  }
}
