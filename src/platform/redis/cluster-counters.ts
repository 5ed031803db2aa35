import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { withTimeout } from '../runtime/with-timeout.js';
import { AppRedis } from './app-redis.js';

const REDIS_TIMEOUT_MS = 1000;

/** What PayPal answered an IPN verification: its two words, anything else, or no answer. */
export type IpnVerificationResult = 'VERIFIED' | 'INVALID' | 'other' | 'error';

/** The counters kept for the whole cluster, each a field of one Redis hash. */
export const CLUSTER_COUNTERS = {
  emailsSent: 'emails_sent',
  /** E-mails given up: refused for good, or still failing after their last attempt. */
  emailsFailed: 'emails_failed',
  ipnVerifications: (result: IpnVerificationResult) => `ipn_verifications:${result}`,
  /** Jobs refused because no outbox row backs them (added to a queue by hand), by queue. */
  jobsRefused: (queue: string) => `jobs_refused:${queue}`,
} as const;

/**
 * Counters of work done in any process (e-mails sent by workers, IPN messages verified…), kept in one
 * Redis hash so that whichever API process is scraped reports the cluster's totals. Counting is best
 * effort: a count Redis does not take is logged and lost, never the job's failure.
 */
@Injectable()
export class ClusterCounters {
  private readonly logger = new Logger(ClusterCounters.name);
  private readonly key: string;

  constructor(
    private readonly redis: AppRedis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = `${config.QUEUE_PREFIX}:ops-counters`;
  }

  /** Adds `by` to a counter; never throws. */
  async add(counter: string, by = 1): Promise<void> {
    if (by <= 0) return;
    try {
      await withTimeout(
        this.redis.client.hincrby(this.key, counter, by),
        REDIS_TIMEOUT_MS,
        `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`,
      );
    } catch (error) {
      this.logger.warn({ counter, by, err: error }, 'A metrics counter was not incremented');
    }
  }

  /** Every counter's value (those never incremented are absent). */
  async read(): Promise<Map<string, number>> {
    const fields = await withTimeout(
      this.redis.client.hgetall(this.key),
      REDIS_TIMEOUT_MS,
      `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`,
    );
    return new Map(Object.entries(fields).map(([name, value]) => [name, Number(value)]));
  }
}
