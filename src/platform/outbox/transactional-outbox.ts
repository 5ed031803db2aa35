import { randomUUID } from 'node:crypto';
import type { EntityName, EntityProperty, Platform } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CompiledQuery, type Transaction } from 'kysely';
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
  /** The statements of insertWith, by entity, columns written and number of events: a handful. */
  private readonly plans = new Map<string, InsertPlan>();

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
   * `commit`. The SQL text comes from the ORM's query builder, so columns and types follow the entities;
   * it is built once per shape (which columns, how many events) and then sent with bound parameters
   * (see InsertPlan), so the hot path neither rebuilds it nor escapes every value into it.
   */
  async insertWith<T extends object>(
    em: EntityManager,
    entityName: EntityName<T>,
    entity: T,
    events: DomainEvent[],
  ): Promise<void> {
    const meta = em.getMetadata().get(entityName);
    const values = entity as Record<string, unknown>;
    const props = meta.props.filter(
      (prop) => prop.persist !== false && values[prop.name] !== undefined,
    );
    const key = `${meta.className}\u0000${props.map((prop) => prop.name).join(',')}\u0000${events.length}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = InsertPlan.build(em, entityName, entity, props, events);
      this.plans.set(key, plan);
    }
    await plan.run(em, values, events.map(outboxRow));
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
   * With `dueAt`, its job waits (delayed) until then.
   */
  enqueue(
    em: EntityManager,
    queue: QueueName,
    name: string,
    payload: Record<string, unknown>,
    options: { dueAt?: Date } = {},
  ): void {
    em.create(OutboxEvent, {
      id: randomUUID(),
      queue,
      type: name,
      payload,
      occurredAt: new Date(),
      attempts: 0,
      ...(options.dueAt ? { dueAt: options.dueAt } : {}),
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

type OutboxRow = ReturnType<typeof outboxRow>;

/** The outbox columns insertWith writes, in the order of its parameters. */
const OUTBOX_COLUMNS = [
  'id',
  'queue',
  'type',
  'payload',
  'occurredAt',
  'dueAt',
  'attempts',
] as const satisfies readonly (keyof OutboxRow)[];

/**
 * One shape of insertWith's statement: its SQL text with `$n` placeholders, and the properties whose
 * values fill them, each converted as the ORM converts it (JSON to its text, a UUID as the platform
 * wants it). The values go to PostgreSQL as bound parameters: no value is ever part of the text.
 */
class InsertPlan {
  private constructor(
    private readonly sql: string,
    private readonly entityProps: readonly EntityProperty[],
    private readonly outboxProps: readonly EntityProperty[],
    private readonly platform: Platform,
  ) {}

  static build<T extends object>(
    em: EntityManager,
    entityName: EntityName<T>,
    entity: T,
    props: EntityProperty[],
    events: DomainEvent[],
  ): InsertPlan {
    const data = Object.fromEntries(
      props.map((prop) => [prop.name, (entity as Record<string, unknown>)[prop.name]]),
    );
    const insert = em
      .createQueryBuilder(entityName)
      .insert(data as never)
      .toQuery().sql;
    const outboxMeta = em.getMetadata().get(OutboxEvent);
    const outboxProps = OUTBOX_COLUMNS.map((name) => outboxMeta.properties[name]);
    let sql = insert;
    if (events.length > 0) {
      const rows = events.map(outboxRow);
      const columns = outboxProps.map((prop) => `"${prop.fieldNames[0]}"`).join(', ');
      const tuples = rows.map(() => `(${outboxProps.map(() => '?').join(', ')})`).join(', ');
      // Every data-modifying part of a `with` runs to completion, whether the main statement reads it.
      sql = `with inserted as (${insert}) insert into "${outboxMeta.tableName}" (${columns}) values ${tuples}`;
    }
    let index = 0;
    sql = sql.replace(/\?/g, () => `$${++index}`);
    const expected = props.length + events.length * outboxProps.length;
    // The builder's text must hold exactly one placeholder per value (no `?` of its own).
    if (index !== expected) {
      throw new Error(`insertWith: ${index} placeholders for ${expected} values in ${sql}`);
    }
    return new InsertPlan(sql, props, outboxProps, em.getPlatform());
  }

  async run(
    em: EntityManager,
    entity: Record<string, unknown>,
    rows: readonly OutboxRow[],
  ): Promise<void> {
    const params: unknown[] = [];
    for (const prop of this.entityProps) params.push(this.toDatabase(prop, entity[prop.name]));
    for (const row of rows) {
      for (const prop of this.outboxProps) {
        params.push(this.toDatabase(prop, (row as Record<string, unknown>)[prop.name]));
      }
    }
    const client =
      em.getTransactionContext<Transaction<unknown>>() ?? em.getConnection().getClient();
    try {
      await client.executeQuery(CompiledQuery.raw(this.sql, params));
    } catch (error) {
      // The ORM's own exceptions, as its execute() throws them (a lost connection, a violated key).
      throw error instanceof Error ? em.getDriver().convertException(error) : error;
    }
  }

  private toDatabase(prop: EntityProperty, value: unknown): unknown {
    if (value == null || !prop.customType) return value;
    return prop.customType.convertToDatabaseValue(value, this.platform, { mode: 'query' });
  }
}
