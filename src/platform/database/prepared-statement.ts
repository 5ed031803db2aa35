import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';

/**
 * A statement of a hot path, run as a named prepared statement on the pool behind MikroORM: PostgreSQL
 * parses and plans it once per connection (then keeps a generic plan) instead of at every run, as it
 * does for `em.execute`, which sends each query as text with its values written in. A newsletter's
 * claims and `sent` updates run thousands of times per campaign; planning was a third of a claim's time.
 * Not for a transaction's statements (they belong on its connection): it refuses to run inside one.
 * `text` uses PostgreSQL's `$1…` parameters; `name` must be unique to `text` in the process.
 */
export async function runPrepared<Row>(
  em: EntityManager,
  statement: { name: string; text: string },
  values: readonly unknown[],
): Promise<Row[]> {
  if (em.isInTransaction()) {
    throw new Error(`Prepared statement ${statement.name} run inside a transaction`);
  }
  const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
  const { rows } = await pool.query<Row & Record<string, unknown>>({
    name: statement.name,
    text: statement.text,
    values: [...values],
  });
  return rows;
}
