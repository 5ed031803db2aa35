import net from 'node:net';
import { describe, expect, it } from '@jest/globals';
import {
  ConnectionException,
  DriverException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { BadRequestException, ConflictException } from '@nestjs/common';
import pg from 'pg';
import { isDatabaseUnavailable } from '../../src/platform/database/database-unavailable.js';
import {
  retryAfterSeconds,
  toErrorBody,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '../../src/platform/http/error-body.filter.js';
import { getFreePort } from '../support/net.js';

/** What pg really throws when nothing listens on the port. */
async function refusedConnectionError(): Promise<Error> {
  const client = new pg.Client({ host: '127.0.0.1', port: await getFreePort() });
  const error = await client.connect().then(
    () => {
      throw new Error('connected to a free port');
    },
    (e: unknown) => e as Error,
  );
  return error;
}

/** What pg-pool really throws when a connection does not come within connectionTimeoutMillis. */
async function poolTimeoutErrors(): Promise<Error[]> {
  // Accepts TCP connections and never answers, like a PostgreSQL that hangs.
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  const pool = new pg.Pool({ host: '127.0.0.1', port, max: 1, connectionTimeoutMillis: 50 });
  pool.on('error', () => undefined);
  try {
    // The first waits for a new connection, the second for a place in the full pool.
    const results = await Promise.allSettled([pool.connect(), pool.connect()]);
    return results.map((result) => {
      expect(result.status).toBe('rejected');
      return (result as PromiseRejectedResult).reason as Error;
    });
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
    await pool.end().catch(() => undefined);
  }
}

describe('database unavailable', () => {
  it('recognises a refused connection, raw and as MikroORM wraps it', async () => {
    const refused = await refusedConnectionError();
    expect(isDatabaseUnavailable(refused)).toBe(true); // pg's own connection error
    expect(isDatabaseUnavailable(new DriverException(refused))).toBe(true);
  });

  it('recognises pool acquire and connect timeouts', async () => {
    const errors = await poolTimeoutErrors();
    for (const error of errors) expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises dropped connections, server shutdowns, full connection slots and timed-out statements', () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      // DATABASE_STATEMENT_TIMEOUT_MS passed, and the driver's query_timeout after it.
      withCode('canceling statement due to statement timeout', '57014'),
      new Error('Query read timeout'),
      withCode('connection failure', '08006'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      new ConnectionException(new Error('connection lost')),
      new Error('query failed', { cause: withCode('connect ETIMEDOUT', 'ETIMEDOUT') }),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
  });

  it('leaves failing statements and other errors alone', () => {
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    for (const error of [
      unique,
      new UniqueConstraintViolationException(unique),
      new Error('Something else'),
      new BadRequestException('nope'),
      'ECONNREFUSED',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('answers 503 with the error body and a Retry-After', async () => {
    const error = new DriverException(await refusedConnectionError());
    const body = toErrorBody(error);
    expect(body.statusCode).toBe(503);
    expect(body.error).toBe('Service Unavailable');
    expect(body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/); // no driver details
    expect(retryAfterSeconds(error)).toBe(UNAVAILABLE_RETRY_AFTER_SECONDS);
    expect(retryAfterSeconds(new Error('bug'))).toBe(undefined);
    expect(toErrorBody(new Error('bug')).statusCode).toBe(500);
  });

  it('leaves an HTTP exception its own status, whatever its cause', async () => {
    const refused = await refusedConnectionError();
    const conflict = new ConflictException('Taken', { cause: refused });
    expect(toErrorBody(conflict).statusCode).toBe(409);
    expect(retryAfterSeconds(conflict)).toBe(undefined);
  });
});
