import type { AdminOrderFilter } from '../../../../contracts/orders.js';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"); a
 * customer types their own name and an admin opens the export in one, so such a cell gets a leading '.
 * The same rule as the subscribers' export (newsletter/queries/export-subscribers/subscriber-csv.ts).
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

export const ORDER_CSV_HEADER = [
  'Order ID',
  'Order Date',
  'Customer Name',
  'Customer Email',
  'Package',
  'Price',
  'Payment Status',
  'Paid Via',
  'Order Status',
] as const;

/**
 * `orders-2026-11-26.csv`, or `orders-filtered-2026-11-26.csv` when a filter applies (UTC date): the
 * filters themselves stay out of the name (a search is typed text).
 */
export function ordersCsvFilename(filter: AdminOrderFilter, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  const filtered = Object.values(filter).some((value) => value !== undefined);
  return `orders-${filtered ? 'filtered-' : ''}${day}.csv`;
}
