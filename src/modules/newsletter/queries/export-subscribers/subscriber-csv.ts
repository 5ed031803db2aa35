import type { SubscriberStatus } from '../../../../contracts/newsletter.js';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"); an
 * address may start with + or - and an admin opens the export in one, so such a cell gets a leading '.
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

export const SUBSCRIBER_CSV_HEADER = ['Email', 'Status', 'Subscribed At', 'Confirmed At'] as const;

/** `subscribers-2026-11-26.csv`, or `subscribers-confirmed-2026-11-26.csv` for one status (UTC date). */
export function subscribersCsvFilename(status: SubscriberStatus | undefined, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `subscribers-${status ? `${status}-` : ''}${day}.csv`;
}
