import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { CLUSTER_COUNTERS, ClusterCounters } from '../redis/cluster-counters.js';

/** What a consumer learns when it claims the outbox row behind its job. */
export type Claim =
  /** It is the consumer's to run now, with the row's own payload (never the job's copy). */
  | { state: 'claimed'; payload: Record<string, unknown> }
  /** It was completed before: nothing to do. */
  | { state: 'settled' }
  /** Another consumer holds it (a job published again while the first run goes on): try later. */
  | { state: 'busy' };

/** The outbox row a domain-event job names, as the outbox recorded it. */
export interface OwedEvent {
  type: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
  /** Confirmed by its consumer before: every handler ran. */
  settled: boolean;
}

/**
 * A job with no outbox row behind it in its queue: not published by the relay (added to Redis by
 * hand, e.g. through a queue dashboard or by anyone who can write to Redis). It fails at once, without
 * retries, and does nothing.
 */
export class UnbackedJobError extends UnrecoverableError {
  constructor(queue: string, jobId: string) {
    super(`Refused: no outbox row ${jobId} for queue ${queue}; only the outbox publishes jobs`);
    this.name = 'UnbackedJobError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The consumers' side of the outbox: they confirm rows (so the relay stops publishing them), record which
 * handler processed which event (so a re-published event does nothing twice) and give rows up for good.
 */
@Injectable()
export class OutboxLedger {
  private readonly logger = new Logger(OutboxLedger.name);

  constructor(
    private readonly em: EntityManager,
    private readonly counters: ClusterCounters,
  ) {}

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
   * Takes the row behind an outbox job of `queue` for `leaseMs` (a consumer that dies mid-run frees it
   * when the lease ends). A row given up is taken too, and owed again: its job runs once more only when
   * an operator retries it (the queue dashboard), and then it must do its work, not find it settled.
   * A job with no row of that queue behind it is refused (UnbackedJobError).
   */
  async claim(job: Job, queue: string, leaseMs: number): Promise<Claim> {
    const id = await this.backingRowId(job, queue);
    const rows = await this.em
      .fork()
      .execute<{ state: Claim['state'] | 'unknown'; payload: Record<string, unknown> | null }[]>(
        `with target as (select id, completed_at from outbox_event where id = ? and queue = ?),
            claimed as (
              update outbox_event set locked_until = now() + make_interval(secs => ?), failed_at = null
              where id = (select id from target) and completed_at is null
                and (locked_until is null or locked_until < now())
              returning payload)
       select case
         when not exists (select 1 from target) then 'unknown'
         when exists (select 1 from claimed) then 'claimed'
         when (select completed_at is not null from target) then 'settled'
         else 'busy' end as state,
         (select payload from claimed) as payload`,
        [id, queue, leaseMs / 1000],
      );
    const row = rows[0];
    if (!row || row.state === 'unknown') throw await this.refuse(job, queue);
    if (row.state === 'claimed') return { state: 'claimed', payload: row.payload ?? {} };
    return { state: row.state };
  }

  /** The domain event a job of the `domain-events` queue names, read from its outbox row. */
  async owedEvent(job: Job, queue: string): Promise<OwedEvent> {
    const id = await this.backingRowId(job, queue);
    const rows = await this.em.fork().execute<
      {
        type: string;
        payload: Record<string, unknown>;
        occurred_at: Date;
        completed_at: Date | null;
      }[]
    >(`select type, payload, occurred_at, completed_at from outbox_event where id = ? and queue = ?`, [id, queue]);
    const row = rows[0];
    if (!row) throw await this.refuse(job, queue);
    return {
      type: row.type,
      payload: row.payload,
      occurredAt: new Date(row.occurred_at),
      settled: row.completed_at !== null,
    };
  }

  /** The relay names each job by its row's id: any other id cannot name a row. */
  private async backingRowId(job: Job, queue: string): Promise<string> {
    const id = String(job.id);
    if (!UUID.test(id)) throw await this.refuse(job, queue);
    return id;
  }

  /** Logs and counts a job that no outbox row backs; returns the error that fails it for good. */
  private async refuse(job: Job, queue: string): Promise<UnbackedJobError> {
    const error = new UnbackedJobError(queue, String(job.id));
    this.logger.warn({ queue, jobId: job.id, jobName: job.name }, error.message);
    await this.counters.add(CLUSTER_COUNTERS.jobsRefused(queue));
    return error;
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

  /**
   * Runs one attempt of an outbox job whose work goes outside the database (an SMTP send, a PayPal
   * call), so it holds its row by a lease rather than a transaction: claims the row (a settled one
   * does nothing, a busy one throws `busy` so the job retries later), runs `work` with the row's
   * payload, frees the row if `work` fails (its retry must find it free, not busy until the lease
   * ends) and confirms it otherwise, with the payload `work` returns to keep, if any.
   */
  async runClaimed(
    job: Job,
    lease: { queue: string; leaseMs: number; busy: string },
    work: (payload: Record<string, unknown>) => Promise<Record<string, unknown> | void>,
  ): Promise<void> {
    const id = String(job.id);
    await this.attempt(job, async () => {
      const claim = await this.claim(job, lease.queue, lease.leaseMs);
      if (claim.state === 'settled') return;
      if (claim.state === 'busy') throw new Error(lease.busy);
      let keptPayload: Record<string, unknown> | void;
      try {
        keptPayload = await work(claim.payload);
      } catch (error) {
        await this.release(id);
        throw error;
      }
      await this.complete(id, keptPayload ?? undefined);
    });
  }

  /** Runs one attempt of an outbox job; when its last attempt fails, gives its row up, then rethrows. */
  async attempt(job: Job, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      // A refused job has no row to give up.
      if (error instanceof UnbackedJobError) throw error;
      if (isLastAttempt(job, error)) await this.fail(String(job.id), error);
      throw error;
    }
  }
}

/** BullMQ retries a failed attempt unless it was the last one allowed or is unrecoverable. */
export function isLastAttempt(job: Job, error: unknown): boolean {
  return error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
