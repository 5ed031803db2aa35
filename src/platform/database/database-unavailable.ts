import { types } from 'node:util';
import { ConnectionException } from '@mikro-orm/core';

/** Socket-level failures reaching PostgreSQL (Node's error codes, copied onto MikroORM's DriverException). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs meaning "no usable connection right now": the server is shutting down or starting
 * (57P01-57P03), has no connection slot left (53300), or cancelled a statement that ran past
 * DATABASE_STATEMENT_TIMEOUT_MS (57014: overloaded or waiting on a lock; the request may succeed
 * later). Class 08 (connection exception) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * What pg and pg-pool throw without a code: the socket closed under a query, a pool acquire or a
 * connect that took longer than `connectionTimeoutMillis`, a client used after its connection broke,
 * a query unanswered past `query_timeout`.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client (has encountered a connection error|was closed) and is not queryable/,
  // No answer within the driver's query_timeout: the link went silent.
  /^Query read timeout/,
];

/** Causes and aggregated errors are followed this deep (pg-pool wraps, Node aggregates per address). */
const MAX_DEPTH = 4;

/**
 * Whether an error means PostgreSQL could not be reached or refused the connection, as opposed to a
 * failing statement: such a request is answered 503 (try again) rather than 500, and the process
 * reconnects by itself when PostgreSQL is back.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  // isNativeError, not instanceof: errors made by Node itself (a refused socket) may come from another
  // realm than the caller's Error, as under a test runner's sandbox.
  if (depth > MAX_DEPTH || !types.isNativeError(error)) return false;
  if (error instanceof ConnectionException) return true;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (
    Array.isArray((error as { errors?: unknown }).errors) &&
    (error as AggregateError).errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
