import type { JobsOptions } from 'bullmq';

/** A queue's name, as BullMQ and the outbox rows know it. */
export type QueueName = string;

/**
 * A BullMQ queue of the product. Platform defines its own below; each module defines its own next to
 * their processors and offers them in its index.ts; the composition root lists them all (src/queues.ts)
 * for QueueModule, so platform knows no module.
 */
export interface QueueDefinition<Name extends QueueName = QueueName> {
  readonly name: Name;
  /** Options of every job the outbox relay publishes to it. */
  readonly jobOptions?: JobsOptions;
}

export const defineQueue = <const Name extends QueueName>(
  definition: QueueDefinition<Name>,
): QueueDefinition<Name> => definition;

/** Platform's own queues: domain events for every module's handlers, and the outbox's upkeep. */
export const PLATFORM_QUEUES = {
  domainEvents: defineQueue({ name: 'domain-events' }),
  outboxMaintenance: defineQueue({ name: 'outbox-maintenance' }),
};
