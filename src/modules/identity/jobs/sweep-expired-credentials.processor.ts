import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { IDENTITY_MAINTENANCE_QUEUE } from './identity.queues.js';

const SCHEDULER_ID = 'sweep-expired-credentials';
const EVERY_MS = 3600_000;
/** Used and expired links are kept a week, to answer "why did my link not work?". */
const TOKEN_RETENTION = "interval '7 days'";

/** Hourly, deletes expired sessions and long-dead e-mailed link tokens, so the tables do not grow forever. */
@Injectable()
@QueueProcessor(IDENTITY_MAINTENANCE_QUEUE.name)
export class SweepExpiredCredentialsProcessor implements JobProcessor, OnApplicationBootstrap {
  private readonly logger = new Logger('SweepExpiredCredentials');

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(IDENTITY_MAINTENANCE_QUEUE.name) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    // One scheduler however many workers start: upserting it is idempotent.
    await this.queue.upsertJobScheduler(SCHEDULER_ID, { every: EVERY_MS }, { name: SCHEDULER_ID });
  }

  async process(): Promise<{ sessions: number; tokens: number }> {
    const connection = this.em.getConnection();
    const sessions = await connection.execute<QueryResult>(
      'delete from session where expires_at < now()',
      [],
      'run',
    );
    const tokens = await connection.execute<QueryResult>(
      `delete from account_token where expires_at < now() - ${TOKEN_RETENTION}`,
      [],
      'run',
    );
    const result = { sessions: sessions.affectedRows, tokens: tokens.affectedRows };
    if (result.sessions + result.tokens > 0) this.logger.log(result, 'Expired credentials deleted');
    return result;
  }
}
