import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** A section whose records changed (created, edited, deleted or restored), by its key. */
export type ContentSectionChangedPayload = { section: string };

/** A planned publish of a section's draft, by the schedule's id. */
export type ContentPublishDuePayload = { scheduleId: string; section: string };

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    ContentSectionChanged: ContentSectionChangedPayload;
    ContentPublishDue: ContentPublishDuePayload;
  }
}

/**
 * A section's records changed: written to the outbox in the write's own transaction, for what must
 * follow every change in the worker (search engines told of the pages showing it: IndexNow).
 */
export class ContentSectionChanged extends domainEvent('ContentSectionChanged') {}

/**
 * Written with a planned publish, due at its time: the worker then publishes the section's draft,
 * unless the schedule was cancelled (or replaced) meanwhile. An outbox row, so it outlives restarts.
 */
export class ContentPublishDue extends domainEvent('ContentPublishDue') {
  constructor(
    payload: ContentPublishDuePayload,
    override readonly dueAt: Date,
  ) {
    super(payload);
  }
}
