import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { APPLICATION_NAME } from '../../platform/database/orm-options.js';
import { FailureStreak, type StreakChange } from './failure-streak.js';
import type { Health, OutboxBacklog } from './health.contract.js';
import {
  isOutboxStuck,
  OUTBOX_BACKLOG_SQL,
  type OutboxBacklogRow,
  outboxBacklogOf,
} from './outbox-backlog.js';
import { PostgresProbe } from './probes/postgres.probe.js';
import { QueueJobCounts } from './probes/queue-job-counts.js';
import type { ReadinessProbe } from './probes/readiness-probe.js';
import { RedisProbe } from './probes/redis.probe.js';

const PROBE_TIMEOUT_MS = 1000;

type ServiceCheck = 'database' | 'redis';
type OutboxCheck = Health['checks']['outbox'];

interface Check {
  label: string;
  probe: ReadinessProbe;
  streak: FailureStreak;
}

/**
 * Whether PostgreSQL and Redis answer, each probed on a connection of its own (never the ORM's pool,
 * which may be busy with requests), and whether the outbox's owed work flows. A service is reported
 * down after HEALTH_FAILURE_THRESHOLD failed probes in a row; the outbox is stuck once its oldest owed
 * row is older than OUTBOX_STUCK_AFTER_SECONDS. After a service answered, its details are read on the
 * same footing: the outbox backlog on the PostgreSQL probe's connection, the queues' job counts. Answers
 * are reused for HEALTH_CACHE_MS, with one probe in flight at a time, however often load balancers ask.
 */
@Injectable()
export class ReadinessMonitor implements OnModuleDestroy {
  private readonly logger = new Logger('Readiness');
  private readonly cacheMs: number;
  private readonly stuckAfterSeconds: number;
  private readonly database: PostgresProbe;
  private readonly checks: Record<ServiceCheck, Check>;
  /** The outbox's last known state, for logging its changes. */
  private outboxStuck = false;
  private last: { at: number; health: Health } | undefined;
  private probing: Promise<Health> | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly queues: QueueJobCounts,
  ) {
    this.cacheMs = config.HEALTH_CACHE_MS;
    this.stuckAfterSeconds = config.OUTBOX_STUCK_AFTER_SECONDS;
    const threshold = config.HEALTH_FAILURE_THRESHOLD;
    this.database = new PostgresProbe(
      config.DATABASE_URL,
      PROBE_TIMEOUT_MS,
      `${APPLICATION_NAME}-health`,
    );
    this.checks = {
      database: {
        label: 'PostgreSQL',
        probe: this.database,
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
    const [outbox, queues] = await Promise.all([
      this.detailsOf('database', () => this.readOutbox()),
      this.detailsOf('redis', () => this.queues.read(PROBE_TIMEOUT_MS)),
    ]);
    const database = this.statusOf('database');
    const redis = this.statusOf('redis');
    const outboxCheck = this.checkOutbox(outbox);
    const health: Health = {
      status: database === 'up' && redis === 'up' && outboxCheck !== 'down' ? 'ok' : 'error',
      checks: { database, redis, outbox: outboxCheck },
      outbox,
      queues,
    };
    this.last = { at: Date.now(), health };
    return health;
  }

  /** Probes the service, then, when it answered, reads its details (null when it did not). */
  private async detailsOf<T>(name: ServiceCheck, read: () => Promise<T>): Promise<T | null> {
    if (!(await this.run(name))) return null;
    try {
      return await read();
    } catch (error) {
      this.logger.debug({ check: this.checks[name].label, err: error }, 'Details not read');
      return null;
    }
  }

  private async readOutbox(): Promise<OutboxBacklog> {
    const rows = await this.database.query<OutboxBacklogRow>(OUTBOX_BACKLOG_SQL);
    return outboxBacklogOf(rows[0]);
  }

  /** Whether the probe answered this time (the reported status also depends on the streak). */
  private async run(name: ServiceCheck): Promise<boolean> {
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
    return ok;
  }

  private statusOf(name: ServiceCheck): 'up' | 'down' {
    return this.checks[name].streak.down ? 'down' : 'up';
  }

  private checkOutbox(outbox: OutboxBacklog | null): OutboxCheck {
    if (outbox === null) return 'unknown';
    const stuck = isOutboxStuck(outbox, this.stuckAfterSeconds);
    if (stuck && !this.outboxStuck) {
      this.logger.warn(
        { ...outbox, stuckAfterSeconds: this.stuckAfterSeconds },
        'Outbox stuck: owed work waits longer than OUTBOX_STUCK_AFTER_SECONDS; readiness answers 503',
      );
    } else if (!stuck && this.outboxStuck) this.logger.log(outbox, 'Outbox flows again');
    this.outboxStuck = stuck;
    return stuck ? 'down' : 'up';
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
