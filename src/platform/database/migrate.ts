import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ConfigError } from '../config/app-config.js';
import { ormOptions } from './orm-options.js';

// Any constant shared by every process of this product; it only has to differ from other apps' locks.
const MIGRATION_LOCK = 4_207_302_611;

/**
 * Applies pending migrations before the application starts (so nothing queries a table that is not there
 * yet). A PostgreSQL advisory lock keeps several processes starting at once from racing. The migrator's
 * connection has no statement timeout: a migration may rightly take long.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  const orm = await migratorOrm(databaseUrl);
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

/**
 * For a process that does not migrate (DATABASE_MIGRATE=false, e.g. a role that does not own the
 * tables): refuses to start while a migration is pending, rather than run against an older schema.
 */
export async function assertMigrated(databaseUrl: string): Promise<void> {
  const orm = await migratorOrm(databaseUrl);
  try {
    const pending = await orm.migrator.getPending();
    if (pending.length > 0) {
      throw new ConfigError(
        `Invalid configuration: DATABASE_MIGRATE is false but ${pending.length} migration(s) are pending ` +
          `(${pending.map((migration) => migration.name).join(', ')}): apply them first with ` +
          '--migrate-only as the role that owns the tables',
      );
    }
  } finally {
    await orm.close();
  }
}

/** An ORM for the migrator alone: no entities, every migration of `migrations/index.ts`. */
async function migratorOrm(databaseUrl: string): Promise<MikroORM> {
  const { MIGRATIONS } = await import('../../migrations/index.js');
  const options = ormOptions(databaseUrl);
  return MikroORM.init({
    ...options,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    migrations: { ...options.migrations, migrationsList: [...MIGRATIONS] },
  });
}
