import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
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
    assert.equal(lines[0]?.context, 'OutboxRelay');
    assert.equal(lines[0]?.msg, 'Outbox relay reaches the queue again');
    assert.equal(lines[0]?.level, 30);
  });

  it('merges pino-style fields given before the message', () => {
    const lines = capture();
    new Logger('WorkerRunner').warn(
      { queue: 'mail', jobId: '42' },
      'Job failed; it will be retried',
    );
    assert.deepEqual(
      {
        queue: lines[0]?.queue,
        jobId: lines[0]?.jobId,
        msg: lines[0]?.msg,
        context: lines[0]?.context,
      },
      {
        queue: 'mail',
        jobId: '42',
        msg: 'Job failed; it will be retried',
        context: 'WorkerRunner',
      },
    );
  });

  it('logs errors with their stack', () => {
    const lines = capture();
    new Logger('HttpError').error({ err: new Error('boom') }, 'Request failed');
    const err = lines[0]?.err as { message?: string; stack?: string } | undefined;
    assert.equal(err?.message, 'boom');
    assert.match(err?.stack ?? '', /Error: boom/);
    // Nest's internal style: message, stack trace, context.
    new Logger('ExceptionHandler').error('It broke', 'Error: It broke\n    at main (x.js:1:1)');
    assert.equal(lines[1]?.msg, 'It broke');
    assert.match(String(lines[1]?.stack), /at main/);
    assert.equal(lines[1]?.context, 'ExceptionHandler');
  });

  it('drops what is below the level, and maps verbose to trace', () => {
    const lines = capture('debug');
    new Logger('X').verbose('hidden');
    new Logger('X').debug('shown');
    assert.deepEqual(
      lines.map((line) => line.msg),
      ['shown'],
    );
  });
});
