import { type DestinationStream, type Logger, pino } from 'pino';
import { prettyLines } from './pretty-log.js';

/** JSON lines for log collectors, or one readable line per entry for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set; otherwise readable on a terminal, JSON when stdout goes to a file or a pipe. */
export function resolveLogFormat(setting: LogFormat | undefined, stdoutIsTty: boolean): LogFormat {
  return setting ?? (stdoutIsTty ? 'pretty' : 'json');
}

/**
 * The process's one logger: JSON lines with ISO times to stdout (or, in the pretty format, the same
 * entries as readable lines), written synchronously so the last lines before an exit are never lost.
 * Fastify logs requests with it and Nest logs through it (PinoNestLogger).
 */
export function createAppLogger(level: string, format: LogFormat = 'json'): Logger {
  const stdout = pino.destination({ sync: true });
  const destination: DestinationStream =
    format === 'pretty' ? prettyLines(stdout, { colors: process.stdout }) : stdout;
  return pino(
    {
      level,
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
