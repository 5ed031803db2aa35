import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';

/** What a consumer learns when it claims an outbox row. */
export type Claim =
  /** It is the consumer's to run now. */
  | 'claimed'
  /** It was completed before: nothing to do. */
  | 'settled'
  /** Another consumer holds it (a job published again while the first run goes on): try later. */
  | 'busy'
  /** No such row: a job queued before the outbox kept jobs, run as it is. */
  | 'unknown';

/**
 * The consumers' side of the outbox: they confirm rows (so the relay stops publishing them), record which
 * handler processed which event (so a re-published event does nothing twice) and give rows up for good.
 */
@Injectable()
export class OutboxLedger {
  constructor(private readonly em: EntityManager) {}

  /**
   * Runs `work` in a transaction that also records (event, handler) as processed, unless it is recorded
   * already. Concurrent runs of the same pair wait on the primary key, then find it recorded.
   * Returns whether the work ran.
   */
  async runOnce(
    eventId: string,
    handler: string,
    work: (tx: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const inserted = await tx.execute<{ event_id: string }[]>(
        `insert into processed_event (event_id, handler) values (?, ?)
         on conflict do nothing returning event_id`,
        [eventId, handler],
      );
      if (inserted.length === 0) return false;
      await work(tx);
      return true;
    });
  }

  /**
   * Takes a row for `leaseMs` (a consumer that dies mid-run frees it when the lease ends). A row given
   * up is taken too, and owed again: its job runs once more only when an operator retries it (the queue
   * dashboard), and then it must do its work, not find it settled.
   */
  async claim(id: string, leaseMs: number): Promise<Claim> {
    const rows = await this.em.fork().execute<{ state: Claim }[]>(
      `with target as (select id, completed_at, locked_until from outbox_event where id = ?),
            claimed as (
              update outbox_event set locked_until = now() + make_interval(secs => ?), failed_at = null
              where id = ? and completed_at is null
                and (locked_until is null or locked_until < now())
              returning id)
       select case
         when not exists (select 1 from target) then 'unknown'
         when exists (select 1 from claimed) then 'claimed'
         when (select completed_at is not null from target) then 'settled'
         else 'busy' end as state`,
      [id, leaseMs / 1000, id],
    );
    return rows[0]?.state ?? 'unknown';
  }

  /**
   * Frees a row this consumer claimed and could not finish, so that the job's retry can claim it at
   * once instead of finding it 'busy' until the lease ends (and spending its attempts on that).
   */
  async release(id: string): Promise<void> {
    await this.em
      .fork()
      .execute(
        `update outbox_event set locked_until = null where id = ? and completed_at is null`,
        [id],
      );
  }

  /** Confirms a row; `keptPayload` replaces a payload that should not outlive the work (link tokens). */
  async complete(id: string, keptPayload?: Record<string, unknown>): Promise<void> {
    await this.em.fork().execute(
      `update outbox_event set completed_at = now(), failed_at = null, locked_until = null,
           payload = coalesce(?::jsonb, payload)
         where id = ? and completed_at is null`,
      [keptPayload === undefined ? null : JSON.stringify(keptPayload), id],
    );
  }

  /** Gives a row up after its last attempt: it stays visible with the reason and is not published again. */
  async fail(id: string, error: unknown): Promise<void> {
    await this.em.fork().execute(
      `update outbox_event set failed_at = now(), locked_until = null, last_error = ?
         where id = ? and completed_at is null`,
      [error instanceof Error ? error.message : String(error), id],
    );
  }

  /** Runs one attempt of an outbox job; when its last attempt fails, gives its row up, then rethrows. */
  async attempt(job: Job, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (isLastAttempt(job, error)) await this.fail(String(job.id), error);
      throw error;
    }
  }
}

/** BullMQ retries a failed attempt unless it was the last one allowed or is unrecoverable. */
export function isLastAttempt(job: Job, error: unknown): boolean {
  return error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
