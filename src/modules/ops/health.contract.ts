import { z } from 'zod';

const status = z.enum(['up', 'down']);
const count = z.number().int().min(0);

/** Work the outbox owes now (rows due and not yet confirmed nor given up by their consumer). */
export const outboxBacklogSchema = z.object({
  backlog: count,
  /** Seconds since the oldest of them became due; null without backlog. */
  oldestAgeSeconds: z.number().min(0).nullable(),
  /** Seconds since owed work was last settled (done or given up); null when none is on record. */
  lastSettledAgeSeconds: z.number().min(0).nullable(),
});

export const queueCountsSchema = z.object({
  waiting: count,
  active: count,
  delayed: count,
  failed: count,
});

/** Readiness: whether the services this process needs answer, and whether owed work flows. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    checks: z.object({
      database: status,
      redis: status,
      /**
       * `down` once the oldest owed row is older than OUTBOX_STUCK_AFTER_SECONDS and nothing was settled
       * within that time; `unknown` unread.
       */
      outbox: z.enum(['up', 'down', 'unknown']),
    }),
    /** Null when it could not be read (PostgreSQL did not answer). */
    outbox: outboxBacklogSchema.nullable(),
    /** Jobs per queue and state; null when Redis did not answer. */
    queues: z.record(z.string(), queueCountsSchema).nullable(),
  })
  .meta({ id: 'Health' });

/** The same, naming every queue of the product (for the API's documentation). */
export const healthSchemaFor = (queueNames: readonly string[]) =>
  healthSchema.extend({
    queues: z
      .object(Object.fromEntries(queueNames.map((name) => [name, queueCountsSchema])))
      .nullable(),
  });

export type Health = z.infer<typeof healthSchema>;
export type OutboxBacklog = z.infer<typeof outboxBacklogSchema>;
export type QueueCounts = z.infer<typeof queueCountsSchema>;
export type QueueCountsByName = Record<string, QueueCounts>;

/** Liveness: the process answers (nothing else is checked). */
export const livenessSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
