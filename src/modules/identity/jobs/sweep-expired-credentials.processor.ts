import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QueueProcessor } from '../../../platform/queue/queue-processor.decorator.js';
import { HOURLY_MS, ScheduledSweep } from '../../../platform/queue/scheduled-sweep.js';
import { IDENTITY_MAINTENANCE_QUEUE } from './identity.queues.js';

/** Used and expired links are kept a week, to answer "why did my link not work?". */
const TOKEN_RETENTION = "interval '7 days'";

/** Hourly, deletes expired sessions and long-dead e-mailed link tokens, so the tables do not grow forever. */
@Injectable()
@QueueProcessor(IDENTITY_MAINTENANCE_QUEUE.name)
export class SweepExpiredCredentialsProcessor extends ScheduledSweep<{
  sessions: number;
  tokens: number;
}> {
  readonly schedule = { id: 'sweep-expired-credentials', everyMs: HOURLY_MS };
  protected readonly summary = 'Expired credentials deleted';

  constructor(private readonly em: EntityManager) {
    super();
  }

  protected async sweep(): Promise<{ sessions: number; tokens: number }> {
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
    return { sessions: sessions.affectedRows, tokens: tokens.affectedRows };
  }
}
