/**
 * TransactionalOutbox.insertWith (src/platform/outbox/transactional-outbox.ts) on a real, migrated
 * PostgreSQL: a new order and its outbox rows are written by one statement, all of them or none, and the
 * events are announced (in-process, relay woken) only once that is committed, never for a rollback.
 *
 *   NODE_OPTIONS=--experimental-vm-modules npx jest --config test/jest.integration.config.js \
 *     test/integration/transactional-outbox.test.ts
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EventBus } from '@nestjs/cqrs';
import pg from 'pg';
import { Order } from '../../src/modules/orders/domain/order.entity.js';
import { migrate } from '../../src/platform/database/migrate.js';
import { ormOptions } from '../../src/platform/database/orm-options.js';
import type { DomainEvent } from '../../src/platform/outbox/domain-event.js';
import { OutboxEvent } from '../../src/platform/outbox/outbox-event.entity.js';
import type { OutboxRelay } from '../../src/platform/outbox/outbox-relay.js';
import { TransactionalOutbox } from '../../src/platform/outbox/transactional-outbox.js';
import { type TestServices, startServices } from '../support/services.js';

const REMINDER_DELAY_MS = 86_400_000;

let services: TestServices;
let orm: MikroORM;
/** Another connection, as the relay's or another process's would be. */
let other: pg.Client;
/** What was announced, and whether the order's row was visible to others at that moment. */
let announced: { types: string[]; visible: Promise<boolean> }[];
let kicks: number;
let outbox: TransactionalOutbox;

beforeAll(async () => {
  services = await startServices();
  await migrate(services.databaseUrl);
  orm = await MikroORM.init({
    ...ormOptions(services.databaseUrl),
    entities: [Order, OutboxEvent],
  });
  other = new pg.Client({ connectionString: services.databaseUrl });
  await other.connect();
}, 60_000);

afterAll(async () => {
  await other?.end();
  await orm?.close(true);
  await services?.stop();
});

beforeEach(() => {
  announced = [];
  kicks = 0;
  // The in-process bus and the relay are what an announcement reaches; here they record it.
  const eventBus = {
    publishAll(events: DomainEvent[]) {
      const orderId = (events[0]?.payload as { orderId?: string } | undefined)?.orderId;
      announced.push({
        types: events.map((event) => event.type),
        visible: other
          .query('select 1 from "order" where id = $1', [orderId])
          .then((result) => result.rowCount === 1),
      });
    },
  } as unknown as EventBus;
  const relay = { kick: () => void (kicks += 1) } as unknown as OutboxRelay;
  outbox = new TransactionalOutbox(eventBus, relay);
});

function newOrder() {
  return Order.place(
    {
      packageId: '00000000-0000-4000-8000-000000000001',
      packageName: 'Premium',
      packagePrice: '499.00',
      customerEmail: 'Ada@Example.test',
      customerName: 'Ada Lovelace',
    },
    new Date(),
    REMINDER_DELAY_MS,
  );
}

const orderRow = async (id: string) =>
  (
    await other.query<{ package_price: string; customer_email: string; payment_status: string }>(
      'select package_price, customer_email, payment_status from "order" where id = $1',
      [id],
    )
  ).rows[0];

const outboxRows = async (orderId: string) =>
  (
    await other.query<{
      type: string;
      queue: string;
      payload: Record<string, unknown>;
      due_at: Date | null;
      dispatched_at: Date | null;
      completed_at: Date | null;
    }>(
      `select type, queue, payload, due_at, dispatched_at, completed_at from outbox_event
        where payload->>'orderId' = $1 order by type`,
      [orderId],
    )
  ).rows;

describe('TransactionalOutbox.insertWith', () => {
  test('writes the order and both outbox rows, then announces them once', async () => {
    const { order, events } = newOrder();
    await outbox.insertWith(orm.em.fork(), Order, order, events);

    expect(await orderRow(order.id)).toEqual({
      package_price: '499.00',
      customer_email: 'ada@example.test',
      payment_status: 'UnPaid',
    });
    const rows = await outboxRows(order.id);
    expect(rows.map((row) => [row.type, row.queue])).toEqual([
      ['OrderPaymentDue', 'domain-events'],
      ['OrderPlaced', 'domain-events'],
    ]);
    expect(rows[1]!.payload).toMatchObject({ orderId: order.id, packagePrice: '499.00' });
    expect(rows[1]!.due_at).toBeNull();
    // The reminder is due a day after the order, to the millisecond.
    expect(rows[0]!.due_at?.getTime()).toBe(order.orderDate.getTime() + REMINDER_DELAY_MS);
    // Owed until a consumer settles them.
    expect(rows.every((row) => row.dispatched_at === null && row.completed_at === null)).toBe(true);

    expect(announced.map((entry) => entry.types)).toEqual([['OrderPlaced', 'OrderPaymentDue']]);
    await expect(announced[0]!.visible).resolves.toBe(true);
    expect(kicks).toBe(1);
  });

  test('all or nothing: when an outbox row cannot be written, the order is not either, and nothing is announced', async () => {
    const first = newOrder();
    await outbox.insertWith(orm.em.fork(), Order, first.order, first.events);
    announced = [];
    kicks = 0;
    // A second order whose OrderPlaced reuses an event id already in the outbox: its row is refused.
    const second = newOrder();
    const clash = Object.assign(second.events[0]!, { id: first.events[0]!.id });
    await expect(
      outbox.insertWith(orm.em.fork(), Order, second.order, [clash, second.events[1]!]),
    ).rejects.toThrow();

    expect(await orderRow(second.order.id)).toBeUndefined();
    expect(await outboxRows(second.order.id)).toEqual([]);
    expect(announced).toEqual([]);
    expect(kicks).toBe(0);
  });

  test("inside a caller's transaction: announced after the commit, never after a rollback", async () => {
    const kept = newOrder();
    await orm.em.fork().transactional(async (tx) => {
      await outbox.insertWith(tx, Order, kept.order, kept.events);
      expect(announced).toEqual([]);
      expect(await orderRow(kept.order.id)).toBeUndefined();
    });
    expect(announced).toHaveLength(1);
    await expect(announced[0]!.visible).resolves.toBe(true);

    const dropped = newOrder();
    await expect(
      orm.em.fork().transactional(async (tx) => {
        await outbox.insertWith(tx, Order, dropped.order, dropped.events);
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(announced).toHaveLength(1);
    expect(await orderRow(dropped.order.id)).toBeUndefined();
    expect(await outboxRows(dropped.order.id)).toEqual([]);
  });

  test('writes every value as given, quotes, question marks and all, on each of several orders of one shape', async () => {
    const names = ["O'Brien? $1 \\ ?? -- ", 'Zoë «two» ?'];
    const placed = names.map((customerName) => {
      const { order, events } = newOrder();
      Object.assign(order, { customerName });
      return {
        order,
        events: events.map((event) =>
          Object.assign(event, { payload: { ...event.payload, customerName } }),
        ),
      };
    });
    for (const { order, events } of placed)
      await outbox.insertWith(orm.em.fork(), Order, order, events);

    for (const [index, { order }] of placed.entries()) {
      const { rows } = await other.query<{ customer_name: string; order_date: Date }>(
        'select customer_name, order_date from "order" where id = $1',
        [order.id],
      );
      expect(rows[0]).toEqual({ customer_name: names[index], order_date: order.orderDate });
      const events = await outboxRows(order.id);
      expect(events.map((row) => row.payload.customerName)).toEqual([names[index], names[index]]);
    }
  });
});
