/**
 * A fingerprint of every application table (row count and a hash of all rows), to prove that a refused
 * request wrote nothing. The outbox's delivery bookkeeping changes by itself after any accepted write,
 * so of its tables only the rows' identity counts.
 *
 * Hashing every table takes a while; a suite that fingerprints after every request asks for a write
 * log (`{ writeLog: true }`): triggers on every table note each row written (and each TRUNCATE) in a
 * table of their own, in the writer's transaction, so that a write rolled back notes nothing. A call
 * that finds the log as long as at the last hash answers that hash without reading the tables: no
 * row has changed since. When the log moved, the tables are hashed again, exactly as without a log
 * (so bookkeeping updates are noted but, as always, only the rows' identity counts).
 */
import type pg from 'pg';

/** Tables whose rows the relay or consumers update in the background: `id` only. */
const BOOKKEEPING_TABLES = new Set(['outbox_event']);
const IGNORED_TABLES = new Set(['mikro_orm_migrations']);

/** The write log's schema: out of `public`, so that it is no application table. */
const LOG_SCHEMA = 'test_write_log';
/** The row of the fingerprint statement that carries the log's length (no table has this name). */
const LOG_LENGTH = '';

export type Fingerprint = Record<string, string>;

export interface FingerprinterOptions {
  /**
   * Install the write log (at the first call) and skip the hash while the log has not moved. Only for a
   * test's own database: it adds a schema and a trigger on every table.
   */
  writeLog?: boolean;
}

interface Statements {
  /** The fingerprint (and, with a write log, the log's length, read in the same snapshot). */
  fingerprint: string;
  /** The log's length (with a write log). */
  logLength?: string;
}

/** A function that fingerprints the tables (listed once, at its first call). */
export function tableFingerprinter(
  db: pg.Pool,
  options: FingerprinterOptions = {},
): () => Promise<Fingerprint> {
  let statements: Promise<Statements> | undefined;
  /** The last hash and the log's length when it was taken. */
  let last: { logLength: string; print: Fingerprint } | undefined;
  return async () => {
    statements ??= prepare(db, options);
    const { fingerprint, logLength } = await statements;
    if (last && logLength !== undefined) {
      const { rows } = await db.query<{ length: string }>(logLength);
      if (rows[0]?.length === last.logLength) return { ...last.print };
    }
    const { rows } = await db.query<{ name: string; print: string }>(fingerprint);
    const print = Object.fromEntries(
      rows.filter((row) => row.name !== LOG_LENGTH).map((row) => [row.name, row.print]),
    );
    const length = rows.find((row) => row.name === LOG_LENGTH)?.print;
    last = length === undefined ? undefined : { logLength: length, print };
    return { ...print };
  };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function prepare(db: pg.Pool, options: FingerprinterOptions): Promise<Statements> {
  const { rows } = await db.query<{ name: string; has_id: boolean }>(
    `select t.table_name as name,
            exists (select 1 from information_schema.columns c
                     where c.table_schema = t.table_schema and c.table_name = t.table_name
                       and c.column_name = 'id') as has_id
       from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by t.table_name`,
  );
  const tables = rows.filter((table) => !IGNORED_TABLES.has(table.name));
  const prints = tables.map(({ name, has_id }) => {
    const row = BOOKKEEPING_TABLES.has(name) && has_id ? 'r.id::text' : 'r::text';
    return `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as print from ${quote(name)} r`;
  });
  if (!options.writeLog) return { fingerprint: prints.join(' union all ') };
  const names = tables.map((table) => table.name);
  await installWriteLog(db, names);
  const logLength = `select count(*)::text as length from ${LOG_SCHEMA}.write`;
  return {
    // One statement, one snapshot: the hash is of the tables as they were at that length of the log.
    fingerprint: [
      `select '${LOG_LENGTH}' as name, count(*)::text as print from ${LOG_SCHEMA}.write`,
      ...prints,
    ].join(' union all '),
    logLength,
  };
}

/**
 * A row-level trigger (insert, update, delete) and a statement-level one (truncate) on every table,
 * each noting the table in the log in the writer's transaction. Not a sequence: those are not
 * transactional, a write rolled back would move them.
 */
async function installWriteLog(db: pg.Pool, tables: string[]): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query(`create schema if not exists ${LOG_SCHEMA}`);
    await client.query(`create table if not exists ${LOG_SCHEMA}.write (table_name text not null)`);
    // As its owner: the application may connect as a role that cannot write the log's schema.
    await client.query(
      `create or replace function ${LOG_SCHEMA}.note_write() returns trigger
         language plpgsql security definer set search_path = pg_catalog as $$
       begin
         insert into ${LOG_SCHEMA}.write (table_name) values (tg_table_name);
         return null;
       end $$`,
    );
    for (const table of tables.map(quote)) {
      await client.query(
        `drop trigger if exists test_write_log_rows on ${table};
         create trigger test_write_log_rows after insert or update or delete on ${table}
           for each row execute function ${LOG_SCHEMA}.note_write();
         drop trigger if exists test_write_log_truncate on ${table};
         create trigger test_write_log_truncate after truncate on ${table}
           for each statement execute function ${LOG_SCHEMA}.note_write();`,
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
