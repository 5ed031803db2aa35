import { styleText } from 'node:util';
import type { DestinationStream } from 'pino';

type Style = Parameters<typeof styleText>[0];

const LEVEL_STYLES: Record<string, Style> = {
  trace: 'gray',
  debug: 'gray',
  info: 'green',
  warn: 'yellow',
  error: 'red',
  fatal: ['red', 'bold'],
};

/** Written by every entry, or shown in its own way: not repeated as `key=value`. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'context', 'req', 'res']);
const OWN_FIELDS_WITH_TIME = new Set([...OWN_FIELDS, 'responseTime']);
/** Shown as a stack trace on the lines below the entry. */
const ERROR_FIELDS = new Set(['err', 'error', 'stack']);
/** A longer list is shortened to its first items and its length (the applied migrations). */
const LIST_ITEMS_SHOWN = 3;

export interface PrettyOptions {
  /** Colours only when this stream is a terminal (and NO_COLOR is not set). */
  colors: NodeJS.WriteStream;
}

/**
 * A pino destination that writes each JSON entry as one readable line, for a person at a terminal:
 * `12:00:01 INFO  [Context] message key=value …`, a request as `GET /path 200 12ms`, and an error's
 * stack on the lines below.
 */
export function prettyLines(out: DestinationStream, options: PrettyOptions): DestinationStream {
  return {
    write(line: string) {
      out.write(formatEntry(line, options.colors));
    },
  };
}

/** One JSON entry as readable text (a line that is not JSON is passed on as it is). */
export function formatEntry(line: string, colors?: NodeJS.WriteStream): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const style = (format: Style, text: string) =>
    colors ? styleText(format, text, { stream: colors }) : text;
  const level = typeof entry.level === 'string' ? entry.level : 'info';
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const parts = [
    style('dim', time),
    style(LEVEL_STYLES[level] ?? 'reset', level.toUpperCase().padEnd(5)),
  ];
  if (typeof entry.context === 'string') parts.push(style('cyan', `[${entry.context}]`));
  const request = requestText(entry);
  if (request) parts.push(request);
  if (typeof entry.msg === 'string' && entry.msg) parts.push(entry.msg);
  const skipped = request ? OWN_FIELDS_WITH_TIME : OWN_FIELDS;
  const stacks: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (skipped.has(key) || value === undefined) continue;
    const stack = ERROR_FIELDS.has(key) ? stackOf(value) : undefined;
    if (stack) stacks.push(stack);
    else parts.push(style('dim', `${key}=${valueText(value)}`));
  }
  const stackLines = stacks.map((stack) => `\n${indent(stack)}`).join('');
  return `${parts.join(' ')}${stackLines}\n`;
}

function requestText(entry: Record<string, unknown>): string | undefined {
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  if (!req || typeof req.method !== 'string' || typeof req.url !== 'string') return undefined;
  const res = entry.res as { statusCode?: unknown } | undefined;
  const status = typeof res?.statusCode === 'number' ? ` ${res.statusCode}` : '';
  const took = typeof entry.responseTime === 'number' ? ` ${entry.responseTime}ms` : '';
  return `${req.method} ${req.url}${status}${took}`;
}

/** An error (pino's `err` serialisation) or a stack trace given as text. */
function stackOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const { stack, message } = value as { stack?: unknown; message?: unknown };
  if (typeof stack === 'string') return stack;
  return typeof message === 'string' ? message : undefined;
}

function valueText(value: unknown): string {
  if (typeof value === 'string')
    return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  if (Array.isArray(value) && value.length > LIST_ITEMS_SHOWN) {
    const shown = value.slice(0, LIST_ITEMS_SHOWN).map(valueText).join(',');
    return `[${shown},… ${value.length} in all]`;
  }
  return JSON.stringify(value) ?? String(value);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
