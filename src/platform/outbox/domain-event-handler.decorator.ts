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

export interface DomainEventHandler<T extends DomainEventType> {
  handle(event: DomainEventJob<T>): Promise<void>;
}
