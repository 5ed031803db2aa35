import { createHash, randomUUID } from 'node:crypto';

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

  /**
   * This event with the id `id`: an event made again for the same cause (by a handler run again after
   * its transaction was lost, once the command that wrote the event had committed) is then the same row
   * of the outbox, which a second commit refuses (a unique violation), so it is handled once.
   */
  withId(id: string): this {
    (this as { id: string }).id = id;
    return this;
  }
}

/**
 * The id of the event a cause leads to, the same every time (a name-based UUID, RFC 9562 version 8,
 * from SHA-256 of the purpose and the cause's id): e.g. the sign-up an SEO check's event asks for.
 */
export function derivedEventId(causeId: string, purpose: string): string {
  const hash = createHash('sha256').update(`${purpose}\0${causeId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
