import type { OutboxBacklog } from './health.contract.js';

/**
 * The rows the outbox owes now: due (no due time, or one passed) and neither confirmed nor given up by
 * their consumer; a reminder due tomorrow is not late. Served by the partial index of owed rows.
 */
export const OUTBOX_BACKLOG_SQL = `
  select count(*)::int as backlog,
         extract(epoch from now() - min(coalesce(due_at, occurred_at)))::float8 as oldest_age_seconds,
         extract(epoch from now() - greatest(
           (select max(completed_at) from outbox_event where completed_at is not null),
           (select max(failed_at) from outbox_event where failed_at is not null)
         ))::float8 as last_settled_age_seconds
    from outbox_event
   where completed_at is null and failed_at is null
     and (due_at is null or due_at <= now())`;

export interface OutboxBacklogRow {
  backlog: number;
  oldest_age_seconds: number | null;
  last_settled_age_seconds: number | null;
}

const seconds = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.max(0, Math.round(value * 10) / 10);

export function outboxBacklogOf(row: OutboxBacklogRow | undefined): OutboxBacklog {
  const backlog = row?.backlog ?? 0;
  return {
    backlog,
    oldestAgeSeconds: backlog === 0 ? null : seconds(row?.oldest_age_seconds),
    lastSettledAgeSeconds: seconds(row?.last_settled_age_seconds),
  };
}

/**
 * Stuck: the oldest owed row has waited longer than `stuckAfterSeconds` (0: never reported stuck)
 * and no owed work was settled (done or given up) within that time either. Whatever the cause (no
 * relay reaching Redis, no worker, a consumer hanging), owed work is not being done. A long queue that
 * is being worked through (a newsletter to many subscribers) settles rows all the time: not stuck.
 */
export function isOutboxStuck(backlog: OutboxBacklog, stuckAfterSeconds: number): boolean {
  const { oldestAgeSeconds, lastSettledAgeSeconds } = backlog;
  return (
    stuckAfterSeconds > 0 &&
    oldestAgeSeconds !== null &&
    oldestAgeSeconds > stuckAfterSeconds &&
    (lastSettledAgeSeconds === null || lastSettledAgeSeconds > stuckAfterSeconds)
  );
}
