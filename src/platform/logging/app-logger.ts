import { type Logger, pino } from 'pino';

/**
 * The process's one logger: JSON lines with ISO times to stdout, written synchronously so the last lines
 * before an exit are never lost. Fastify logs requests with it and Nest logs through it (PinoNestLogger).
 */
export function createAppLogger(level: string): Logger {
  return pino(
    {
      level,
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ sync: true }),
  );
}
