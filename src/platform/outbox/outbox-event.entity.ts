import { defineEntity, p } from '@mikro-orm/core';

/**
 * Work owed to a queue: a domain event (queue `domain-events`) or a job a handler asked for (an e-mail).
 * It stays owed until its consumer confirms it (`completedAt`) or gives up on it (`failedAt`); the relay
 * publishes it again when neither happened within OUTBOX_REDELIVER_AFTER_MS of the last dispatch (or of
 * its due time, for a row that is due later).
 */
export const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_event',
  properties: {
    id: p.uuid().primary(),
    queue: p.string().length(100),
    type: p.string().length(100),
    payload: p.json<Record<string, unknown>>(),
    occurredAt: p.datetime(),
    /** Not to be handled before this time (a reminder): published as a delayed job. */
    dueAt: p.datetime().nullable(),
    dispatchedAt: p.datetime().nullable(),
    dispatchCount: p.integer().default(0),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    lockedUntil: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
  },
});

export class OutboxEvent extends OutboxEventSchema.class {}
OutboxEventSchema.setClass(OutboxEvent);
