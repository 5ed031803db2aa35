import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { APPLICATION_NAME } from '../../platform/database/orm-options.js';
import { FailureStreak, type StreakChange } from './failure-streak.js';
import type { Health, HealthCheckName } from './health.contract.js';
import { PostgresProbe } from './probes/postgres.probe.js';
import type { ReadinessProbe } from './probes/readiness-probe.js';
import { RedisProbe } from './probes/redis.probe.js';

const PROBE_TIMEOUT_MS = 1000;

interface Check {
  label: string;
  probe: ReadinessProbe;
  streak: FailureStreak;
}

/**
 * Whether PostgreSQL and Redis answer, each probed on a connection of its own (never the ORM's pool,
 * which may be busy with requests). A check is reported down after HEALTH_FAILURE_THRESHOLD failed
 * probes in a row. Answers are reused for HEALTH_CACHE_MS, with one probe in flight at a time, however
 * often load balancers ask.
 */
@Injectable()
export class ReadinessMonitor implements OnModuleDestroy {
  private readonly logger = new Logger('Readiness');
  private readonly cacheMs: number;
  private readonly checks: Record<HealthCheckName, Check>;
  private last: { at: number; health: Health } | undefined;
  private probing: Promise<Health> | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cacheMs = config.HEALTH_CACHE_MS;
    const threshold = config.HEALTH_FAILURE_THRESHOLD;
    this.checks = {
      database: {
        label: 'PostgreSQL',
        probe: new PostgresProbe(
          config.DATABASE_URL,
          PROBE_TIMEOUT_MS,
          `${APPLICATION_NAME}-health`,
        ),
        streak: new FailureStreak(threshold),
      },
      redis: {
        label: 'Redis',
        probe: new RedisProbe(config.REDIS_URL, PROBE_TIMEOUT_MS),
        streak: new FailureStreak(threshold),
      },
    };
  }

  current(): Promise<Health> {
    if (this.last && Date.now() - this.last.at < this.cacheMs) {
      return Promise.resolve(this.last.health);
    }
    this.probing ??= this.probe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probe(): Promise<Health> {
    const [database, redis] = await Promise.all([this.run('database'), this.run('redis')]);
    const health: Health = {
      status: database === 'up' && redis === 'up' ? 'ok' : 'error',
      checks: { database, redis },
    };
    this.last = { at: Date.now(), health };
    return health;
  }

  private async run(name: HealthCheckName): Promise<'up' | 'down'> {
    const check = this.checks[name];
    let failure: unknown;
    let ok = true;
    try {
      await check.probe.ping();
    } catch (error) {
      ok = false;
      failure = error;
    }
    this.report(check, check.streak.record(ok), failure);
    return check.streak.down ? 'down' : 'up';
  }

  private report(check: Check, change: StreakChange | undefined, failure: unknown): void {
    if (change === undefined) return;
    const details = {
      check: check.label,
      consecutiveFailures: check.streak.consecutiveFailures,
      ...(failure === undefined ? {} : { reason: describe(failure) }),
    };
    if (change === 'failing') this.logger.warn(details, `${check.label} health check failed`);
    else if (change === 'down') {
      this.logger.warn(details, `${check.label} is down: readiness answers 503`);
    } else if (change === 'back-up') this.logger.log(details, `${check.label} is back up`);
    else this.logger.log(details, `${check.label} health check passed again`);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(Object.values(this.checks).map((check) => check.probe.close()));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
