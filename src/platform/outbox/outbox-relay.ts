import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { QUEUES } from '../queue/queue-names.js';
import { withTimeout } from '../runtime/with-timeout.js';
import type { DomainEventJob } from './domain-event-handler.decorator.js';
import { OutboxEvent } from './outbox-event.entity.js';

const BATCH_SIZE = 100;
const REDIS_TIMEOUT_MS = 3000;
const MAX_BACKOFF_MS = 30_000;

/**
 * Copies pending outbox rows to the domain-events queue (job id = event id) and marks them dispatched.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of processes can relay at once; while Redis
 * is unreachable the rows stay pending and the relay backs off.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  /** A commit happened while a drain was running: drain again right after it. */
  private kickedWhileRunning = false;
  private stopped = false;

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.domainEvents) private readonly queue: Queue<DomainEventJob>,
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
    if (this.stopped) return;
    if (this.running) {
      this.kickedWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      const again = this.kickedWhileRunning && this.failures === 0;
      this.kickedWhileRunning = false;
      if (again) this.kick();
      else this.schedule();
    });
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
      const pending = await tx.find(
        OutboxEvent,
        { dispatchedAt: null },
        {
          orderBy: { occurredAt: 'asc' },
          limit: BATCH_SIZE,
          lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
        },
      );
      if (pending.length === 0) return 0;
      try {
        await withTimeout(
          this.queue.addBulk(
            pending.map((event) => ({
              name: event.type,
              data: {
                id: event.id,
                type: event.type,
                occurredAt: event.occurredAt.toISOString(),
                payload: event.payload,
              } as DomainEventJob,
              opts: { jobId: event.id },
            })),
          ),
          REDIS_TIMEOUT_MS,
          `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`,
        );
      } catch (error) {
        failure = error;
        for (const event of pending) {
          event.attempts += 1;
          event.lastError = error instanceof Error ? error.message : String(error);
        }
        return 0;
      }
      const now = new Date();
      for (const event of pending) event.dispatchedAt = now;
      return pending.length;
    });
    if (failure) throw failure;
    return moved;
  }
}
