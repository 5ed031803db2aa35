/**
 * Domain events written straight into a test app's outbox, as the module that emits them would commit
 * them, and a wait for their handlers: for the suites that test one module's handlers without driving
 * the other module (disputes, subscription billing).
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import type pg from 'pg';
import type {
  DomainEventPayloads,
  DomainEventType,
} from '../../src/platform/outbox/domain-event.js';
import { pollUntil } from './net.js';

export interface OutboxEvents {
  /** Commits an event to the outbox; resolves with its id. */
  commit<T extends DomainEventType>(type: T, payload: DomainEventPayloads[T]): Promise<string>;
  /** Waits until every handler of the events has run (their outbox rows are completed). */
  handled(...eventIds: string[]): Promise<void>;
}

/** The outbox of the database `db()` answers for (read when called: the world starts it later). */
export function outboxEvents(db: () => pg.Pool): OutboxEvents {
  return {
    async commit(type, payload) {
      const id = randomUUID();
      await db().query(
        `insert into outbox_event (id, queue, type, payload, occurred_at, attempts, dispatch_count)
         values ($1, 'domain-events', $2, $3, now(), 0, 0)`,
        [id, type, JSON.stringify(payload)],
      );
      return id;
    },
    async handled(...eventIds) {
      await pollUntil(
        async () => {
          const { rows } = await db().query<{ done: string; failed: string }>(
            `select count(*) filter (where completed_at is not null) as done,
                    count(*) filter (where failed_at is not null) as failed
               from outbox_event where id = any($1)`,
            [eventIds],
          );
          if (Number(rows[0]?.failed) > 0) throw new Error('an event failed');
          return Number(rows[0]?.done) === eventIds.length;
        },
        { timeoutMs: 20_000, what: `events ${eventIds.join(', ')} to be handled` },
      );
    },
  };
}

/** An outbox row of the domain-events queue, as a test reads it back. */
export interface StoredDomainEvent {
  id: string;
  type: string;
  payload: unknown;
}

/**
 * Hands a test app's worker a domain event again, as after Redis forgot that it had run it: the job
 * (named by its row's id) removed and added again, then waited for.
 */
export async function redeliverDomainEvent(
  redisUrl: string,
  prefix: string,
  event: StoredDomainEvent,
): Promise<void> {
  const connection = { url: redisUrl };
  const queue = new Queue('domain-events', { connection, prefix });
  const finished = new QueueEvents('domain-events', { connection, prefix });
  try {
    await finished.waitUntilReady();
    await queue.remove(event.id);
    const job = await queue.add(
      event.type,
      {
        id: event.id,
        type: event.type,
        occurredAt: new Date().toISOString(),
        payload: event.payload,
      },
      { jobId: event.id },
    );
    await job.waitUntilFinished(finished, 30_000);
  } finally {
    await Promise.all([queue.close(), finished.close()]);
  }
}
