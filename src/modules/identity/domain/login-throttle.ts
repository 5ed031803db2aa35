import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AUTH_MESSAGES } from '../../../contracts/identity.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { TooManyRequestsException } from '../../../platform/http/too-many-requests.exception.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';
import { clientNetwork } from '../../../platform/http/client-network.js';
import { type LoginSlowdown, slowdownSeconds } from './login-slowdown.js';

const HOUR = 3600;
/** How long an address stays known for an account it logged in to, and a password epoch lives. */
const REMEMBERED_SECONDS = 30 * 24 * HOUR;

/** One password check for an e-mail from a client, as counted by the throttle. */
export interface PasswordAttempt {
  readonly email: string;
  readonly network: string;
  /** The (e-mail, network) pair within the e-mail's current password epoch. */
  readonly pair: string;
  /** Two-factor codes count with the password's failures of the same (e-mail, network) pair. */
  readonly via: 'login' | 'change-password' | 'two-factor';
}

/**
 * Limits password guessing (log-in and the current password of a change) without lock-outs, after
 * OWASP's authentication and credential-stuffing guidance:
 * - per (e-mail, client network): a hard limit, then 429 until the window passes;
 * - per e-mail, across networks: past a threshold, each failure makes the network that failed wait
 *   before its next try against the account, doubling up to a cap. A network that has not failed
 *   against the account is never held back by others' failures, so the owner keeps logging in;
 * - per network, across e-mails (spraying): past its limit it is refused for every e-mail that has not
 *   logged in from it within 30 days, so people behind the same proxy who have keep their access
 *   (a change of password needs a session, so this one applies to log-ins only).
 * Failures count whether the e-mail has an account or not, so answers reveal nothing. A password reset
 * or change starts a new epoch for the e-mail: every pair count of the old password is void.
 * Registrations and reset requests are limited per IP, and the e-mails they make per address.
 */
@Injectable()
export class LoginThrottle {
  private readonly failuresByPair: RateLimiterAbstract;
  private readonly waitsByPair: RateLimiterAbstract;
  private readonly failuresByAccount: RateLimiterAbstract;
  private readonly failuresByNetwork: RateLimiterAbstract;
  private readonly knownNetworks: RateLimiterAbstract;
  private readonly passwordEpochs: RateLimiterAbstract;
  private readonly guessingAlerts: RateLimiterAbstract;
  private readonly slowdown: LoginSlowdown;
  private readonly alertAfterFailures: number;
  private readonly registrationsByIp: RateLimiterAbstract;
  private readonly registrationNoticesByAccount: RateLimiterAbstract;
  private readonly resetRequestsByIp: RateLimiterAbstract;
  private readonly resetRequestsByAccount: RateLimiterAbstract;

  constructor(
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const window = config.LOGIN_THROTTLE_WINDOW_SECONDS;
    const perPair = config.LOGIN_MAX_FAILURES_ACCOUNT_IP;
    this.failuresByPair = limits.limiter('login-pair', perPair, window);
    this.failuresByNetwork = limits.limiter('login-ip', config.LOGIN_MAX_FAILURES_PER_IP, window);
    this.guessingAlerts = limits.limiter('login-alert', 1, window);
    // Counts, blocks and marks whose limit is never consumed against (1 is a placeholder).
    this.failuresByAccount = limits.limiter('login-account', 1, window);
    this.waitsByPair = limits.limiter('login-pair-wait', 1, window);
    this.knownNetworks = limits.limiter('login-known', 1, REMEMBERED_SECONDS);
    this.passwordEpochs = limits.limiter('login-epoch', 1, REMEMBERED_SECONDS);
    this.slowdown = {
      afterFailures: config.LOGIN_SLOWDOWN_AFTER_FAILURES,
      maxSeconds: config.LOGIN_SLOWDOWN_MAX_SECONDS,
    };
    this.alertAfterFailures = config.LOGIN_ALERT_AFTER_FAILURES;
    this.registrationsByIp = limits.limiter('register-ip', 20, HOUR);
    this.registrationNoticesByAccount = limits.limiter('register-account', 5, HOUR);
    this.resetRequestsByIp = limits.limiter('reset-ip', 20, HOUR);
    this.resetRequestsByAccount = limits.limiter('reset-account', 5, HOUR);
  }

  /** Starts a password check; 429 with Retry-After while this client must not try this e-mail. */
  async begin(email: string, ip: string, via: PasswordAttempt['via']): Promise<PasswordAttempt> {
    const network = clientNetwork(ip);
    const epoch = (await this.passwordEpochs.get(email))?.consumedPoints ?? 0;
    const attempt = { email, network, pair: `${email} ${epoch} ${network}`, via };
    const [pairFailures, pairWait, networkFailures, known] = await Promise.all([
      this.failuresByPair.get(attempt.pair),
      this.waitsByPair.get(attempt.pair),
      via === 'login' ? this.failuresByNetwork.get(network) : null,
      via === 'login' ? this.knownNetworks.get(knownKey(attempt)) : null,
    ]);
    const waits = [
      reached(pairFailures, this.failuresByPair.points),
      pairWait?.msBeforeNext,
      known ? undefined : reached(networkFailures, this.failuresByNetwork.points),
    ].filter((ms): ms is number => ms !== undefined && ms > 0);
    if (waits.length > 0) {
      throw new TooManyRequestsException(
        AUTH_MESSAGES.tooManyAttempts,
        Math.ceil(Math.max(...waits) / 1000),
      );
    }
    return attempt;
  }

  /**
   * Counts a wrong password. Resolves true when the e-mail's failures have reached the alert threshold
   * and its owner has not been told within the window (the caller tells them if the account exists).
   */
  async recordFailure(attempt: PasswordAttempt): Promise<boolean> {
    const [, accountFailures] = await Promise.all([
      this.failuresByPair.penalty(attempt.pair),
      this.failuresByAccount.penalty(attempt.email),
      attempt.via === 'login' ? this.failuresByNetwork.penalty(attempt.network) : undefined,
    ]);
    const wait = slowdownSeconds(accountFailures.consumedPoints, this.slowdown);
    if (wait > 0) await this.waitsByPair.block(attempt.pair, wait);
    if (accountFailures.consumedPoints < this.alertAfterFailures) return false;
    return this.limits.consume(this.guessingAlerts, attempt.email);
  }

  /**
   * The right password: this client's failures are forgiven (also in the e-mail's count, which keeps
   * everyone else's), and its network is known for the e-mail from now on.
   */
  async recordSuccess(attempt: PasswordAttempt): Promise<void> {
    const [own, all] = await Promise.all([
      this.failuresByPair.get(attempt.pair),
      this.failuresByAccount.get(attempt.email),
    ]);
    const forgiven = Math.min(own?.consumedPoints ?? 0, all?.consumedPoints ?? 0);
    await Promise.all([
      this.failuresByPair.delete(attempt.pair),
      this.waitsByPair.delete(attempt.pair),
      forgiven > 0 ? this.failuresByAccount.reward(attempt.email, forgiven) : undefined,
      this.knownNetworks.set(knownKey(attempt), 1, REMEMBERED_SECONDS),
    ]);
  }

  /** A reset or change of password: the guesses at the old one no longer count anywhere. */
  async passwordChanged(email: string): Promise<void> {
    await Promise.all([
      this.passwordEpochs.set(email, randomInt(1, 2 ** 31), REMEMBERED_SECONDS),
      this.failuresByAccount.delete(email),
    ]);
  }

  async consumeRegistration(ip: string): Promise<void> {
    await this.limits.consumeOrThrow(this.registrationsByIp, ip, AUTH_MESSAGES.tooManyAttempts);
  }

  /**
   * Counts a registration of an e-mail that has an account: false once its owner has had enough
   * "someone tried to register" notices within the window (the visitor is answered as usual).
   */
  async consumeRegistrationNotice(email: string): Promise<boolean> {
    return this.limits.consume(this.registrationNoticesByAccount, email);
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

const knownKey = (attempt: PasswordAttempt) => `${attempt.email} ${attempt.network}`;

/** The time left while a count is at its limit. */
const reached = (count: RateLimiterRes | null, limit: number) =>
  count !== null && count.consumedPoints >= limit ? count.msBeforeNext : undefined;
