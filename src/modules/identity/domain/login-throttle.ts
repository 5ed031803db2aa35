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

const tooManyAttempts = (ms: number) =>
  new TooManyRequestsException(AUTH_MESSAGES.tooManyAttempts, Math.ceil(ms / 1000));

const HOUR = 3600;

/**
 * Counts failed logins per e-mail (known or not, so the answer reveals nothing) and per client IP in
 * Redis, shared by every API process; an in-memory count stands in while Redis is away. A password
 * reset clears the e-mail's count, so an attacker cannot keep the owner out. Registrations and reset
 * requests are limited per IP.
 */
@Injectable()
export class LoginThrottle implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly failuresByAccount: RateLimiterAbstract;
  private readonly failuresByIp: RateLimiterAbstract;
  private readonly registrationsByIp: RateLimiterAbstract;
  private readonly resetRequestsByIp: RateLimiterAbstract;
  private readonly resetRequestsByAccount: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
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
    const window = config.LOGIN_THROTTLE_WINDOW_SECONDS;
    this.failuresByAccount = limiter(
      'login-account',
      config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      window,
    );
    this.failuresByIp = limiter('login-ip', config.LOGIN_MAX_FAILURES_PER_IP, window);
    this.registrationsByIp = limiter('register-ip', 20, HOUR);
    this.resetRequestsByIp = limiter('reset-ip', 20, HOUR);
    this.resetRequestsByAccount = limiter('reset-account', 5, HOUR);
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
    if (waits.length > 0) throw tooManyAttempts(Math.max(...waits));
  }

  async recordLoginFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.failuresByAccount.penalty(email), this.failuresByIp.penalty(ip)]);
  }

  /** A successful login or password reset proves the owner: the e-mail starts afresh. */
  async clearAccount(email: string): Promise<void> {
    await this.failuresByAccount.delete(email);
  }

  async consumeRegistration(ip: string): Promise<void> {
    await consumeOrThrow(this.registrationsByIp, ip);
  }

  /**
   * Counts a reset request. Too many from one IP is a 429; too many for one e-mail returns false (the
   * request is answered as usual but no more e-mails are sent), so the limit reveals nothing.
   */
  async consumeResetRequest(email: string, ip: string): Promise<boolean> {
    await consumeOrThrow(this.resetRequestsByIp, ip);
    try {
      await this.resetRequestsByAccount.consume(email);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }
}

async function consumeOrThrow(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw tooManyAttempts(error.msBeforeNext);
    }
    throw error;
  }
}
