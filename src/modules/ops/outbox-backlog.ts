import type { OutboxBacklog } from './health.contract.js';

/**
 * The rows the outbox owes now: due (no due time, or one passed) and neither confirmed nor given up by
 * their consumer; a reminder due tomorrow is not late. Served by the partial index of owed rows.
 */
export const OUTBOX_BACKLOG_SQL = `
  select count(*)::int as backlog,
         extract(epoch from now() - min(coalesce(due_at, occurred_at)))::float8 as oldest_age_seconds
    from outbox_event
   where completed_at is null and failed_at is null
     and (due_at is null or due_at <= now())`;

export interface OutboxBacklogRow {
  backlog: number;
  oldest_age_seconds: number | null;
}

export function outboxBacklogOf(row: OutboxBacklogRow | undefined): OutboxBacklog {
  const backlog = row?.backlog ?? 0;
  const age = row?.oldest_age_seconds ?? null;
  return {
    backlog,
    oldestAgeSeconds: backlog === 0 || age === null ? null : Math.max(0, Math.round(age * 10) / 10),
  };
}

/**
 * Stuck: the oldest owed row has waited longer than `stuckAfterSeconds` (0: never reported stuck).
 * Whatever the cause (no relay reaching Redis, no worker, a consumer failing), owed work is not done.
 */
export function isOutboxStuck(backlog: OutboxBacklog, stuckAfterSeconds: number): boolean {
  return (
    stuckAfterSeconds > 0 &&
    backlog.oldestAgeSeconds !== null &&
    backlog.oldestAgeSeconds > stuckAfterSeconds
  );
}
