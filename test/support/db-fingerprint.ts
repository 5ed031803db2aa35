/**
 * A fingerprint of every application table (row count and a hash of all rows), to prove that a refused
 * request wrote nothing. The outbox's delivery bookkeeping changes by itself after any accepted write,
 * so of its tables only the rows' identity counts.
 */
import type pg from 'pg';

/** Tables whose rows the relay or consumers update in the background: `id` only. */
const BOOKKEEPING_TABLES = new Set(['outbox_event']);
const IGNORED_TABLES = new Set(['mikro_orm_migrations']);

export type Fingerprint = Record<string, string>;

/** A function that fingerprints the tables (listed once, at its first call). */
export function tableFingerprinter(db: pg.Pool): () => Promise<Fingerprint> {
  let statement: Promise<string> | undefined;
  return async () => {
    statement ??= fingerprintStatement(db);
    const { rows } = await db.query<{ name: string; print: string }>(await statement);
    return Object.fromEntries(rows.map((row) => [row.name, row.print]));
  };
}

async function fingerprintStatement(db: pg.Pool): Promise<string> {
  const { rows: tables } = await db.query<{ name: string; has_id: boolean }>(
    `select t.table_name as name,
            exists (select 1 from information_schema.columns c
                     where c.table_schema = t.table_schema and c.table_name = t.table_name
                       and c.column_name = 'id') as has_id
       from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by t.table_name`,
  );
  return tables
    .filter((table) => !IGNORED_TABLES.has(table.name))
    .map(({ name, has_id }) => {
      const row = BOOKKEEPING_TABLES.has(name) && has_id ? 'r.id::text' : 'r::text';
      const quoted = `"${name.replaceAll('"', '""')}"`;
      return `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as print from ${quoted} r`;
    })
    .join(' union all ');
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
