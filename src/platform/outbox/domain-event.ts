import { randomUUID } from 'node:crypto';

/**
 * Every domain event of the product and its payload, by type. Empty here: each module adds its own
 * events from its `domain/*.events.ts` (`declare module` on this file), so platform knows no module.
 * An event written to the outbox becomes a job on the `domain-events` queue named by its type.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface DomainEventPayloads {}

export type DomainEventType = keyof DomainEventPayloads;

export abstract class DomainEvent<T extends DomainEventType = DomainEventType> {
  readonly id: string = randomUUID();
  readonly occurredAt = new Date();
  /**
   * When its handlers should run, if not at once: the relay hands it to the queue as a delayed job and
   * keeps it owed (so a delayed job Redis loses is published again) until a consumer confirms it.
   */
  readonly dueAt: Date | null = null;
  abstract readonly type: T;
  constructor(readonly payload: DomainEventPayloads[T]) {}
}

const eventTypes = new Set<DomainEventType>();

/**
 * The base class of one event type, which it registers: the worker refuses to start while a registered
 * type has no handler (see DomainEventsProcessor), so a new event needs no second list to be checked.
 */
export function domainEvent<T extends DomainEventType>(type: T) {
  eventTypes.add(type);
  abstract class TypedDomainEvent extends DomainEvent<T> {
    readonly type: T = type;
  }
  return TypedDomainEvent;
}

/** The types of every event class defined so far (modules define theirs when they are imported). */
export function registeredDomainEventTypes(): DomainEventType[] {
  return [...eventTypes];
}
