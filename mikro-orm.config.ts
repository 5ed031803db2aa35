import { defineConfig } from '@mikro-orm/postgresql';
import { ormOptions } from './src/platform/database/orm-options.js';

// For the MikroORM CLI (`npx mikro-orm-esm migration:create`); the application builds its own options
// and runs the list of src/migrations/index.ts, where a new migration is added.
export default defineConfig({
  ...ormOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seo_agency'),
  entities: ['./src/**/*.entity.ts'],
  migrations: {
    ...ormOptions('').migrations,
    path: './src/migrations',
    glob: 'Migration*.ts',
    snapshot: true,
  },
});
