import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AUTH_MESSAGES } from '../../../contracts/identity.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { TooManyRequestsException } from '../../../platform/http/too-many-requests.exception.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';

const HOUR = 3600;

/**
 * Counts failed logins per e-mail (known or not, so the answer reveals nothing) and per client IP. A
 * password reset clears the e-mail's count, so an attacker cannot keep the owner out. Registrations and
 * reset requests are limited per IP.
 */
@Injectable()
export class LoginThrottle {
  private readonly failuresByAccount: RateLimiterAbstract;
  private readonly failuresByIp: RateLimiterAbstract;
  private readonly registrationsByIp: RateLimiterAbstract;
  private readonly resetRequestsByIp: RateLimiterAbstract;
  private readonly resetRequestsByAccount: RateLimiterAbstract;

  constructor(
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const window = config.LOGIN_THROTTLE_WINDOW_SECONDS;
    this.failuresByAccount = limits.limiter(
      'login-account',
      config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      window,
    );
    this.failuresByIp = limits.limiter('login-ip', config.LOGIN_MAX_FAILURES_PER_IP, window);
    this.registrationsByIp = limits.limiter('register-ip', 20, HOUR);
    this.resetRequestsByIp = limits.limiter('reset-ip', 20, HOUR);
    this.resetRequestsByAccount = limits.limiter('reset-account', 5, HOUR);
  }

  /** Refuses a login attempt (429) while the e-mail or the IP has too many recent failures. */
  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const [byAccount, byIp] = await Promise.all([
      this.failuresByAccount.get(email),
      this.failuresByIp.get(ip),
    ]);
    const blocked = [
      [byAccount, this.failuresByAccount.points],
      [byIp, this.failuresByIp.points],
    ] as const;
    const waits = blocked
      .filter(([res, points]) => res !== null && res.consumedPoints >= points)
      .map(([res]) => res!.msBeforeNext);
    if (waits.length > 0) {
      throw new TooManyRequestsException(
        AUTH_MESSAGES.tooManyAttempts,
        Math.ceil(Math.max(...waits) / 1000),
      );
    }
  }

  async recordLoginFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.failuresByAccount.penalty(email), this.failuresByIp.penalty(ip)]);
  }

  /** A successful login or password reset proves the owner: the e-mail starts afresh. */
  async clearAccount(email: string): Promise<void> {
    await this.failuresByAccount.delete(email);
  }

  async consumeRegistration(ip: string): Promise<void> {
    await this.limits.consumeOrThrow(this.registrationsByIp, ip, AUTH_MESSAGES.tooManyAttempts);
  }

  /**
   * Counts a reset request. Too many from one IP is a 429; too many for one e-mail returns false (the
   * request is answered as usual but no more e-mails are sent), so the limit reveals nothing.
   */
  async consumeResetRequest(email: string, ip: string): Promise<boolean> {
    await this.limits.consumeOrThrow(this.resetRequestsByIp, ip, AUTH_MESSAGES.tooManyAttempts);
    return this.limits.consume(this.resetRequestsByAccount, email);
  }
}
