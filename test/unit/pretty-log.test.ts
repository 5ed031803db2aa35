import { describe, expect, it } from '@jest/globals';
import { resolveLogFormat } from '../../src/platform/logging/app-logger.js';
import { formatEntry } from '../../src/platform/logging/pretty-log.js';

const entry = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 'info', time: '2026-12-04T10:20:30.456Z', pid: 7, hostname: 'vm', ...fields })}\n`;

describe('readable log lines for a terminal', () => {
  it('writes the time, the level, the context, the message and the other fields', () => {
    expect(
      formatEntry(entry({ context: 'WorkerRunner', queue: 'mail', msg: 'Worker started' })),
    ).toBe('10:20:30 INFO  [WorkerRunner] Worker started queue=mail\n');
    expect(formatEntry(entry({ level: 'warn', msg: 'Slow', detail: 'two words' }))).toBe(
      '10:20:30 WARN  Slow detail="two words"\n',
    );
  });

  it('writes a finished request as method, address, status and time', () => {
    const line = entry({
      reqId: 'r-1',
      req: { method: 'GET', url: '/pricing/' },
      res: { statusCode: 404 },
      responseTime: 12,
      msg: 'request completed',
    });
    expect(formatEntry(line)).toBe(
      '10:20:30 INFO  GET /pricing/ 404 12ms request completed reqId=r-1\n',
    );
  });

  it('puts an error’s stack on the lines below, and shortens long lists', () => {
    const error = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at main (x.js:1:1)' };
    expect(formatEntry(entry({ level: 'error', err: error, msg: 'Failed' }))).toBe(
      '10:20:30 ERROR Failed\n    Error: boom\n        at main (x.js:1:1)\n',
    );
    expect(
      formatEntry(entry({ msg: 'Database migrated', migrations: ['a', 'b', 'c', 'd', 'e'] })),
    ).toBe('10:20:30 INFO  Database migrated migrations=[a,b,c,… 5 in all]\n');
  });

  it('passes a line that is not JSON on as it is', () => {
    expect(formatEntry('plain text\n')).toBe('plain text\n');
  });

  it('is chosen by LOG_FORMAT, or else by whether stdout is a terminal', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});
