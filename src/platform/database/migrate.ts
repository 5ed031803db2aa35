import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from './orm-options.js';

// Any constant shared by every process of this product; it only has to differ from other apps' locks.
const MIGRATION_LOCK = 4_207_302_611;

/**
 * Applies pending migrations before the application starts (so nothing queries a table that is not there
 * yet). A PostgreSQL advisory lock keeps several processes starting at once from racing.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  const orm = await MikroORM.init({
    ...ormOptions(databaseUrl),
    entities: [],
    discovery: { warnWhenNoEntities: false },
  });
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
    await orm.close();
  }
}
