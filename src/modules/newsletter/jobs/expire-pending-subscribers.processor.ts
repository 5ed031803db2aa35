import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { NEWSLETTER_MAINTENANCE_QUEUE } from './newsletter.queues.js';

const SCHEDULER_ID = 'expire-pending-subscribers';
const EVERY_MS = 3600_000;

/**
 * Hourly, deletes the sign-ups left pending NEWSLETTER_PENDING_EXPIRY_HOURS after their latest request
 * (by default when its confirmation link expires), with their tokens: an address nobody confirmed is
 * not kept, and signing up again starts afresh. Confirmed and unsubscribed addresses are never touched.
 */
@Injectable()
@QueueProcessor(NEWSLETTER_MAINTENANCE_QUEUE.name)
export class ExpirePendingSubscribersProcessor implements JobProcessor, OnApplicationBootstrap {
  private readonly logger = new Logger('ExpirePendingSubscribers');

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(NEWSLETTER_MAINTENANCE_QUEUE.name) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'api') return;
    // One scheduler however many workers start: upserting it is idempotent.
    await this.queue.upsertJobScheduler(SCHEDULER_ID, { every: EVERY_MS }, { name: SCHEDULER_ID });
  }

  async process(): Promise<{ subscribers: number }> {
    // A sign-up renews status and requested_at together: a row renewed meanwhile no longer matches.
    const deleted = await this.em.getConnection().execute<QueryResult>(
      `delete from subscriber
        where status = 'pending' and requested_at < now() - make_interval(hours => ?)`,
      [this.config.NEWSLETTER_PENDING_EXPIRY_HOURS],
      'run',
    );
    if (deleted.affectedRows > 0) {
      this.logger.log({ subscribers: deleted.affectedRows }, 'Expired pending subscribers deleted');
    }
    return { subscribers: deleted.affectedRows };
  }
}
