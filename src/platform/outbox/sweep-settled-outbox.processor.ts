import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PLATFORM_QUEUES } from '../queue/queue-names.js';
import { type JobProcessor, QueueProcessor } from '../queue/queue-processor.decorator.js';

const SCHEDULER_ID = 'sweep-settled-outbox';
const EVERY_MS = 3600_000;

/**
 * Hourly, deletes outbox rows settled (completed or given up) more than OUTBOX_RETENTION_DAYS ago, with
 * their processed-event records: a settled row is never published again, so nothing needs them then.
 */
@Injectable()
@QueueProcessor(PLATFORM_QUEUES.outboxMaintenance.name)
export class SweepSettledOutboxProcessor implements JobProcessor, OnApplicationBootstrap {
  private readonly logger = new Logger('SweepSettledOutbox');

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(PLATFORM_QUEUES.outboxMaintenance.name) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    // One scheduler however many workers start: upserting it is idempotent.
    await this.queue.upsertJobScheduler(SCHEDULER_ID, { every: EVERY_MS }, { name: SCHEDULER_ID });
  }

  async process(): Promise<{ rows: number }> {
    const deleted = await this.em.fork().transactional(async (tx) => {
      const cutoff = [this.config.OUTBOX_RETENTION_DAYS];
      const settled = `select id from outbox_event
        where coalesce(completed_at, failed_at) < now() - make_interval(days => ?)`;
      await tx.execute(`delete from processed_event where event_id in (${settled})`, cutoff);
      return tx.execute<QueryResult>(
        `delete from outbox_event where id in (${settled})`,
        cutoff,
        'run',
      );
    });
    if (deleted.affectedRows > 0) {
      this.logger.log({ rows: deleted.affectedRows }, 'Settled outbox rows deleted');
    }
    return { rows: deleted.affectedRows };
  }
}
