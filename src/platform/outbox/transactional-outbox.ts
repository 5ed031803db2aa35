import { randomUUID } from 'node:crypto';
import type { EntityName } from '@mikro-orm/core';
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
    for (const event of events) em.create(OutboxEvent, outboxRow(event));
    await em.flush();
    this.announce(em, events);
  }

  /**
   * Inserts one new entity and its events in ONE SQL statement, a data-modifying `with` (PostgreSQL
   * runs it whole or not at all, in a transaction of its own when `em` is in none): a hot path's
   * insert costs one round trip instead of four (`begin`, the entity, the outbox rows, `commit`). The
   * entity is not managed by `em` afterwards; the events are announced after the commit, as by
   * `commit`. The SQL comes from the ORM's query builder, so columns and types follow the entities.
   */
  async insertWith<T extends object>(
    em: EntityManager,
    entityName: EntityName<T>,
    entity: T,
    events: DomainEvent[],
  ): Promise<void> {
    const meta = em.getMetadata().get(entityName);
    const transaction = em.getTransactionContext();
    const data: Record<string, unknown> = {};
    for (const prop of meta.props) {
      const value = (entity as Record<string, unknown>)[prop.name];
      if (value !== undefined && prop.persist !== false) data[prop.name] = value;
    }
    const insert = em
      .createQueryBuilder(entityName)
      .insert(data as never)
      .toQuery();
    if (events.length === 0) {
      await em.getConnection().execute(insert.sql, [...insert.params], 'run', transaction);
    } else {
      const rows = em.createQueryBuilder(OutboxEvent).insert(events.map(outboxRow)).toQuery();
      // Every data-modifying part of a `with` runs to completion, whether the main statement reads it.
      await em
        .getConnection()
        .execute(
          `with inserted as (${insert.sql}) ${rows.sql}`,
          [...insert.params, ...rows.params],
          'run',
          transaction,
        );
    }
    this.announce(em, events);
  }

  private announce(em: EntityManager, events: DomainEvent[]): void {
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

function outboxRow(event: DomainEvent) {
  return {
    id: event.id,
    queue: PLATFORM_QUEUES.domainEvents.name,
    type: event.type,
    payload: { ...event.payload },
    occurredAt: event.occurredAt,
    dueAt: event.dueAt,
    attempts: 0,
  };
}
