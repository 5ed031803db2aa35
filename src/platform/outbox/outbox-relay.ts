import { EntityManager, LockMode, type QueryBuilder, raw } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { JobsOptions, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PLATFORM_QUEUES } from '../queue/queue-names.js';
import { QueueRegistry } from '../queue/queue-registry.js';
import { withTimeout } from '../runtime/with-timeout.js';
import type { DomainEventJob } from './domain-event-handler.decorator.js';
import { OutboxEvent } from './outbox-event.entity.js';

const BATCH_SIZE = 100;

/** What the relay reads of an owed row. */
type OwedRow = Pick<
  OutboxEvent,
  'id' | 'queue' | 'type' | 'payload' | 'occurredAt' | 'dueAt' | 'dispatchedAt'
>;
const REDIS_TIMEOUT_MS = 3000;
const MAX_BACKOFF_MS = 30_000;
/**
 * Under load (commits arrived during a drain) the next drain waits this long, so the rows of the commits
 * meanwhile go out as one batch: each drain costs PostgreSQL a transaction, a locking read and an update,
 * and Redis a pipeline, whether it moves two rows or a hundred. A commit on a quiet relay is still
 * published at once.
 */
const COALESCE_MS = 10;

/**
 * Publishes owed outbox rows to their queues (job id = row id). A row is owed until its consumer confirms
 * it; one not confirmed within OUTBOX_REDELIVER_AFTER_MS of its last dispatch is published again, so a job
 * that Redis acknowledged and then lost (a crash before its AOF reached the disk) still runs. A row due
 * later (a reminder) is published as a delayed job and only counts as late that long after its due time.
 * Publishing a job that Redis still holds is a no-op (same job id), and consumers skip what they already
 * handled.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of processes can relay at once; while Redis
 * is unreachable the rows stay owed and the relay backs off.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  /** A commit happened while a drain was running: drain again right after it. */
  private kickedWhileRunning = false;
  /** The next drain is already set COALESCE_MS after the last: commits meanwhile wait for it. */
  private coalescing = false;
  private stopped = false;

  constructor(
    private readonly em: EntityManager,
    private readonly moduleRef: ModuleRef,
    private readonly queues: QueueRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs the relay now (after a commit) instead of waiting for the next poll. */
  kick(): void {
    if (this.stopped || this.coalescing) return;
    if (this.running) {
      this.kickedWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      const again = this.kickedWhileRunning && this.failures === 0;
      this.kickedWhileRunning = false;
      if (again) this.coalesce();
      else this.schedule();
    });
  }

  private coalesce(): void {
    if (this.stopped) return;
    this.coalescing = true;
    this.timer = setTimeout(() => {
      this.coalescing = false;
      this.kick();
    }, COALESCE_MS);
  }

  private schedule(): void {
    if (this.stopped) return;
    const delay =
      this.failures === 0
        ? this.config.OUTBOX_POLL_INTERVAL_MS
        : Math.min(this.config.OUTBOX_POLL_INTERVAL_MS * 2 ** this.failures, MAX_BACKOFF_MS);
    this.timer = setTimeout(() => this.kick(), delay);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.dispatchBatch()) === BATCH_SIZE);
      if (this.failures > 0) this.logger.log('Outbox relay reaches the queue again');
      this.failures = 0;
    } catch (error) {
      if (this.failures === 0) {
        this.logger.warn({ err: error }, 'Outbox relay cannot dispatch; events stay pending');
      }
      this.failures++;
    }
  }

  /** Dispatches one batch; returns how many rows it moved. */
  async dispatchBatch(): Promise<number> {
    let failure: unknown;
    const moved = await this.em.fork().transactional(async (tx) => {
      const unconfirmedSince = new Date(Date.now() - this.config.OUTBOX_REDELIVER_AFTER_MS);
      // Plain rows, not managed entities: the relay runs after every commit, and loading a batch into
      // an identity map to flush two columns back cost more than publishing it.
      const owed: OwedRow[] = await tx
        .createQueryBuilder(OutboxEvent)
        .select(['id', 'queue', 'type', 'payload', 'occurredAt', 'dueAt', 'dispatchedAt'])
        .where({
          completedAt: null,
          failedAt: null,
          $or: [
            { dispatchedAt: null },
            {
              dispatchedAt: { $lt: unconfirmedSince },
              // A delayed job is not late before it is due.
              $or: [{ dueAt: null }, { dueAt: { $lt: unconfirmedSince } }],
            },
          ],
        })
        .orderBy({ occurredAt: 'asc' })
        .limit(BATCH_SIZE)
        .setLockMode(LockMode.PESSIMISTIC_PARTIAL_WRITE)
        .execute('all');
      if (owed.length === 0) return 0;
      const ids = owed.map((row) => row.id);
      const updateClaimed = (values: Parameters<QueryBuilder<OutboxEvent>['update']>[0]) =>
        tx
          .createQueryBuilder(OutboxEvent)
          .update(values)
          .where({ id: { $in: ids } })
          .execute();
      try {
        await withTimeout(
          this.publish(owed),
          REDIS_TIMEOUT_MS,
          `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`,
        );
      } catch (error) {
        failure = error;
        await updateClaimed({
          attempts: raw('attempts + 1'),
          lastError: error instanceof Error ? error.message : String(error),
        });
        return 0;
      }
      const redelivered = owed.filter((row) => row.dispatchedAt !== null);
      if (redelivered.length > 0) {
        this.logger.warn(
          { events: redelivered.map((row) => row.id) },
          'Outbox rows not confirmed in time were published again',
        );
      }
      await updateClaimed({ dispatchedAt: new Date(), dispatchCount: raw('dispatch_count + 1') });
      return owed.length;
    });
    if (failure) throw failure;
    return moved;
  }

  private queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  private async publish(rows: OwedRow[]): Promise<void> {
    const byQueue = Map.groupBy(rows, (row) => row.queue);
    await Promise.all(
      [...byQueue].map(([name, owed]) =>
        this.queue(name).addBulk(
          owed.map((row) => ({
            name: row.type,
            data: jobData(row),
            opts: { jobId: row.id, ...this.queues.jobOptions(name), ...delayUntil(row.dueAt) },
          })),
        ),
      ),
    );
  }
}

/** A row due later becomes a delayed job (BullMQ keeps it until then); one due already runs now. */
function delayUntil(dueAt: Date | null | undefined): JobsOptions {
  const delay = dueAt ? dueAt.getTime() - Date.now() : 0;
  return delay > 0 ? { delay } : {};
}

/** A domain event travels with its envelope; any other job is its payload. */
function jobData(row: OwedRow): unknown {
  if (row.queue !== PLATFORM_QUEUES.domainEvents.name) return row.payload;
  const event: DomainEventJob = {
    id: row.id,
    type: row.type as DomainEventJob['type'],
    occurredAt: row.occurredAt.toISOString(),
    payload: row.payload as DomainEventJob['payload'],
  };
  return event;
}
