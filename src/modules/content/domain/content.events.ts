import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** A section whose records changed (created, edited, deleted or restored), by its key. */
export type ContentSectionChangedPayload = { section: string };

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    ContentSectionChanged: ContentSectionChangedPayload;
  }
}

/**
 * A section's records changed: written to the outbox in the write's own transaction, for what must
 * follow every change in the worker (search engines told of the pages showing it: IndexNow).
 */
export class ContentSectionChanged extends domainEvent('ContentSectionChanged') {}
