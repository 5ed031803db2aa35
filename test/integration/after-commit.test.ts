/**
 * afterCommit (src/platform/database/after-commit.ts), on a real PostgreSQL: what announces a change
 * (waking the outbox relay, in-process events) runs only once the change is visible to other connections,
 * and never for a transaction that rolled back. Before it, an event written inside a caller's transaction
 * woke the relay while the row was still invisible, so it waited for the next poll.
 *
 *   NODE_OPTIONS=--experimental-vm-modules npx jest --config test/jest.integration.config.js \
 *     test/integration/after-commit.test.ts
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterCommit } from '../../src/platform/database/after-commit.js';
import { ormOptions } from '../../src/platform/database/orm-options.js';
import { type TestServices, startServices } from '../support/services.js';

let services: TestServices;
let orm: MikroORM;
/** Another connection, as the relay's or another process's would be. */
let other: pg.Client;

beforeAll(async () => {
  services = await startServices();
  orm = await MikroORM.init({
    ...ormOptions(services.databaseUrl),
    entities: [],
    discovery: { warnWhenNoEntities: false },
  });
  await orm.em.fork().execute('create table announced (id int primary key)');
  other = new pg.Client({ connectionString: services.databaseUrl });
  await other.connect();
}, 60_000);

afterAll(async () => {
  await other?.end();
  await orm?.close(true);
  await services?.stop();
});

/** Whether another connection sees row `id`, asked at the moment the callback runs. */
const seenByOthers = (id: number) =>
  other
    .query('select 1 from announced where id = $1', [id])
    .then((result) => result.rowCount === 1);

describe('afterCommit', () => {
  test('runs once the transaction committed, when other connections see the change', async () => {
    let seen: Promise<boolean> | undefined;
    await orm.em.fork().transactional(async (tx) => {
      await tx.execute('insert into announced values (1)');
      afterCommit(tx, () => (seen = seenByOthers(1)));
      expect(seen).toBeUndefined();
    });
    expect(seen).toBeDefined();
    await expect(seen).resolves.toBe(true);
  });

  test('never runs for a transaction that rolled back', async () => {
    let ran = false;
    await expect(
      orm.em.fork().transactional(async (tx) => {
        await tx.execute('insert into announced values (2)');
        afterCommit(tx, () => (ran = true));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toBe(false);
    await expect(seenByOthers(2)).resolves.toBe(false);
    // The next transaction on the same connection pool is not handed the dropped callback.
    await orm.em.fork().transactional((tx) => tx.execute('insert into announced values (3)'));
    expect(ran).toBe(false);
  });

  test('runs at once outside a transaction (the flush committed already)', async () => {
    const em = orm.em.fork();
    await em.execute('insert into announced values (4)');
    let seen: Promise<boolean> | undefined;
    afterCommit(em, () => (seen = seenByOthers(4)));
    await expect(seen).resolves.toBe(true);
  });

  test('a failing callback does not turn a committed transaction into an error', async () => {
    let second = false;
    await orm.em.fork().transactional(async (tx) => {
      await tx.execute('insert into announced values (5)');
      afterCommit(tx, () => {
        throw new Error('announcement failed');
      });
      afterCommit(tx, () => (second = true));
    });
    expect(second).toBe(true);
    await expect(seenByOthers(5)).resolves.toBe(true);
  });
});
