import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { afterCommit } from '../database/after-commit.js';
import type { DomainEvent } from './domain-event.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { OutboxRelay } from './outbox-relay.js';
import { PLATFORM_QUEUES, type QueueName } from '../queue/queue-names.js';

/**
 * Commits a unit of work together with its domain events: the state changes and the outbox rows are
 * flushed in one transaction (the caller's, when `em` is in one); only after that transaction commits are
 * the events published in-process and relayed.
 */
@Injectable()
export class TransactionalOutbox {
  constructor(
    private readonly eventBus: EventBus,
    private readonly relay: OutboxRelay,
  ) {}

  async commit(em: EntityManager, events: DomainEvent[]): Promise<void> {
    for (const event of events) {
      em.create(OutboxEvent, {
        id: event.id,
        queue: PLATFORM_QUEUES.domainEvents.name,
        type: event.type,
        payload: { ...event.payload },
        occurredAt: event.occurredAt,
        dueAt: event.dueAt,
        attempts: 0,
      });
    }
    await em.flush();
    // Inside a caller's transaction the rows are not visible yet: a relay woken now would miss them
    // and leave them to the next poll.
    afterCommit(em, () => {
      this.eventBus.publishAll(events);
      this.relay.kick();
    });
  }

  /**
   * Adds a job for a queue to the outbox within `em`'s unit of work (e.g. a domain-event handler's
   * transaction): it is published once that commits, and stays owed until its consumer confirms it.
   */
  enqueue(
    em: EntityManager,
    queue: QueueName,
    name: string,
    payload: Record<string, unknown>,
  ): void {
    em.create(OutboxEvent, {
      id: randomUUID(),
      queue,
      type: name,
      payload,
      occurredAt: new Date(),
      attempts: 0,
    });
  }
}
