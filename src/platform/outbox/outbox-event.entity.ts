import { defineEntity, p } from '@mikro-orm/core';

export const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_event',
  properties: {
    id: p.uuid().primary(),
    type: p.string().length(100),
    payload: p.json<Record<string, unknown>>(),
    occurredAt: p.datetime(),
    dispatchedAt: p.datetime().nullable(),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
  },
});

export class OutboxEvent extends OutboxEventSchema.class {}
OutboxEventSchema.setClass(OutboxEvent);
