import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PLATFORM_QUEUES } from '../queue/queue-names.js';
import { QueueProcessor } from '../queue/queue-processor.decorator.js';
import { HOURLY_MS, ScheduledSweep } from '../queue/scheduled-sweep.js';

/**
 * Hourly, deletes outbox rows settled (completed or given up) more than OUTBOX_RETENTION_DAYS ago, with
 * their processed-event records: a settled row is never published again, so nothing needs them then.
 */
@Injectable()
@QueueProcessor(PLATFORM_QUEUES.outboxMaintenance.name)
export class SweepSettledOutboxProcessor extends ScheduledSweep<{ rows: number }> {
  readonly schedule = { id: 'sweep-settled-outbox', everyMs: HOURLY_MS };
  protected readonly summary = 'Settled outbox rows deleted';

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected async sweep(): Promise<{ rows: number }> {
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
    return { rows: deleted.affectedRows };
  }
}
