import { Readable } from 'node:stream';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"): what a
 * customer or a subscriber typed (a name, an address starting with + or -) is opened by an admin in
 * one, so such a cell gets a leading '.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell of RFC 4180 CSV, made inert for spreadsheets. */
export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One line of CSV, CRLF-terminated as RFC 4180 has it. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Where the next chunk starts: the last row's sort time (at full precision, as text) and id. */
export interface Keyset {
  at: string;
  id: string;
}

/** A row read for an export: its id and sort time as text (a JavaScript Date would cut microseconds). */
export interface KeysetRow {
  id: string;
  cursor_at: string;
}

/** Rows per query: memory stays flat however many rows there are. */
export const CSV_CHUNK_ROWS = 1000;

/** `to_char` format of a timestamp as ISO 8601 in UTC with milliseconds. */
export const SQL_ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A CSV download read by keyset pagination (sort time, id; newest first) rather than OFFSET or one open
 * cursor: each chunk is one short indexed query (`chunk`, at most CSV_CHUNK_ROWS rows after `after`) on
 * a pooled connection, none held while a slow client reads. Not a snapshot: a row added during the
 * download is not in the file. The first chunk is read before answering, so that an unreachable
 * database is an error status, not a cut-off file.
 */
export async function keysetCsv<Row extends KeysetRow>(
  header: readonly string[],
  chunk: (after?: Keyset) => Promise<Row[]>,
  cells: (row: Row) => readonly string[],
): Promise<Readable> {
  const first = await chunk();
  async function* lines() {
    yield csvRow(header);
    let rows = first;
    while (rows.length > 0) {
      yield rows.map((row) => csvRow(cells(row))).join('');
      const last = rows.at(-1)!;
      rows = rows.length < CSV_CHUNK_ROWS ? [] : await chunk({ at: last.cursor_at, id: last.id });
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
