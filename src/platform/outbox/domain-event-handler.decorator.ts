import type { EntityManager } from '@mikro-orm/postgresql';
import { DiscoveryService } from '@nestjs/core';
import type { DomainEventPayloads, DomainEventType } from './domain-event.js';

/** Marks a provider that reacts, in the worker, to a domain event taken from the outbox. */
export const HandlesDomainEvent = DiscoveryService.createDecorator<DomainEventType>();

export interface DomainEventJob<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  occurredAt: string;
  payload: DomainEventPayloads[T];
}

/**
 * Reacts to one event. `tx` is the transaction in which the event is recorded as processed by this
 * handler: everything the handler changes (its rows, the e-mails it asks for through the outbox) commits
 * with that record or not at all, so an event delivered twice is handled once. Work outside `tx` must be
 * read-only.
 */
export interface DomainEventHandler<T extends DomainEventType> {
  handle(event: DomainEventJob<T>, tx: EntityManager): Promise<void>;
}
