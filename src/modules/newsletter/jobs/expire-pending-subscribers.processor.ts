import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { QueueProcessor } from '../../../platform/queue/queue-processor.decorator.js';
import { HOURLY_MS, ScheduledSweep } from '../../../platform/queue/scheduled-sweep.js';
import { NEWSLETTER_MAINTENANCE_QUEUE } from './newsletter.queues.js';

/**
 * Hourly, deletes the sign-ups left pending NEWSLETTER_PENDING_EXPIRY_HOURS after their latest request
 * (by default when its confirmation link expires), with their tokens: an address nobody confirmed is
 * not kept, and signing up again starts afresh. Confirmed and unsubscribed addresses are never touched.
 */
@Injectable()
@QueueProcessor(NEWSLETTER_MAINTENANCE_QUEUE.name)
export class ExpirePendingSubscribersProcessor extends ScheduledSweep<{ subscribers: number }> {
  readonly schedule = { id: 'expire-pending-subscribers', everyMs: HOURLY_MS };
  protected readonly summary = 'Expired pending subscribers deleted';

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected async sweep(): Promise<{ subscribers: number }> {
    // A sign-up renews status and requested_at together: a row renewed meanwhile no longer matches.
    const deleted = await this.em.getConnection().execute<QueryResult>(
      `delete from subscriber
        where status = 'pending' and requested_at < now() - make_interval(hours => ?)`,
      [this.config.NEWSLETTER_PENDING_EXPIRY_HOURS],
      'run',
    );
    return { subscribers: deleted.affectedRows };
  }
}
