import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { pino } from 'pino';
import { PinoNestLogger } from '../../src/platform/logging/pino-nest-logger.js';

/** Nest's own Logger, writing through the adapter into lines the test can read. */
function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  Logger.overrideLogger(new PinoNestLogger(pino({ level }, sink)));
  return lines;
}

describe('Nest logs written by pino', () => {
  it('keeps the logger context and the message', () => {
    const lines = capture();
    new Logger('OutboxRelay').log('Outbox relay reaches the queue again');
    expect(lines[0]?.context).toBe('OutboxRelay');
    expect(lines[0]?.msg).toBe('Outbox relay reaches the queue again');
    expect(lines[0]?.level).toBe(30);
  });

  it('merges pino-style fields given before the message', () => {
    const lines = capture();
    new Logger('WorkerRunner').warn(
      { queue: 'mail', jobId: '42' },
      'Job failed; it will be retried',
    );
    expect({
      queue: lines[0]?.queue,
      jobId: lines[0]?.jobId,
      msg: lines[0]?.msg,
      context: lines[0]?.context,
    }).toStrictEqual({
      queue: 'mail',
      jobId: '42',
      msg: 'Job failed; it will be retried',
      context: 'WorkerRunner',
    });
  });

  it('logs errors with their stack', () => {
    const lines = capture();
    new Logger('HttpError').error({ err: new Error('boom') }, 'Request failed');
    const err = lines[0]?.err as { message?: string; stack?: string } | undefined;
    expect(err?.message).toBe('boom');
    expect(err?.stack).toMatch(/Error: boom/);
    // Nest's internal style: message, stack trace, context.
    new Logger('ExceptionHandler').error('It broke', 'Error: It broke\n    at main (x.js:1:1)');
    expect(lines[1]?.msg).toBe('It broke');
    expect(String(lines[1]?.stack)).toMatch(/at main/);
    expect(lines[1]?.context).toBe('ExceptionHandler');
  });

  it('drops what is below the level, and maps verbose to trace', () => {
    const lines = capture('debug');
    new Logger('X').verbose('hidden');
    new Logger('X').debug('shown');
    expect(lines.map((line) => line.msg)).toStrictEqual(['shown']);
  });

  it('logs Nest’s start-up report (modules, routes) at debug, not info', () => {
    const lines = capture();
    new Logger('RoutesResolver').log('ContentController {/api/content}:');
    new Logger('RouterExplorer').log('Mapped {/api/content, GET} route');
    new Logger('InstanceLoader').log('AppModule dependencies initialized');
    new Logger('ContentSeeder').log('Demo content added to the empty site');
    expect(lines.map((line) => line.context)).toStrictEqual(['ContentSeeder']);

    const debug = capture('debug');
    new Logger('RouterExplorer').log('Mapped {/api/content, GET} route');
    expect(debug[0]).toMatchObject({ level: 20, msg: 'Mapped {/api/content, GET} route' });
  });
});
