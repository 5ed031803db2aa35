import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';

const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Options shared by the application and the MikroORM CLI (mikro-orm.config.ts). */
export function ormOptions(databaseUrl: string): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    extensions: [Migrator],
    migrations: {
      path: migrationsDir,
      glob: '!(*.d).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      snapshotOnMigrate: false,
      silent: true,
    },
    pool: { min: 0, max: 10 },
    // Handlers and processors must fork; the global context is refused so nothing leaks between requests.
    allowGlobalContext: false,
  };
}
