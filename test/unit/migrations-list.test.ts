/**
 * The migrator runs the list of src/migrations/index.ts (the server is bundled: there is no directory to
 * read): every migration file is in it once, oldest first, under its file's name (the name
 * `mikro_orm_migrations` has recorded for it), with the class that file exports.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import { MIGRATIONS } from '../../src/migrations/index.js';

const DIR = fileURLToPath(new URL('../../src/migrations/', import.meta.url));

describe('the migrations list', () => {
  test('has every migration file once, oldest first, named as its file', async () => {
    const files = (await readdir(DIR))
      .filter((file) => /^Migration\d{14}_.+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(MIGRATIONS.map((migration) => migration.name)).toEqual(files);
  });

  test('gives each name the class its file exports', async () => {
    for (const migration of MIGRATIONS) {
      const module = (await import(`../../src/migrations/${migration.name}.js`)) as Record<
        string,
        unknown
      >;
      expect(Object.values(module)).toContain(migration.class);
    }
  });
});
