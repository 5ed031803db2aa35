import type { LoggerService } from '@nestjs/common';
import type { Logger as Pino, Level } from 'pino';

const STACK_TRACE = /\n\s+at /;

/**
 * Nest's own start-up report (each module initialised, each controller and route mapped: some 200
 * lines), logged at debug rather than info: `LOG_LEVEL=debug` shows it.
 */
const START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * Nest's logger calls, written by one pino instance (the same one Fastify logs requests with).
 * Nest appends a logger's context as the last string argument, as its ConsoleLogger expects; the
 * pino style `logger.warn({ err }, 'message')` used throughout the code base is kept as is.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    const startUp = typeof context === 'string' && START_UP_CONTEXTS.has(context);
    this.write(startUp ? 'debug' : 'info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = typeof rest.at(-1) === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    const texts: string[] = [];
    if (message instanceof Error) fields.err = message;
    else if (typeof message === 'object' && message !== null) Object.assign(fields, message);
    else if (message !== undefined) texts.push(String(message));
    for (const param of rest) {
      if (typeof param === 'string' && STACK_TRACE.test(param)) fields.stack = param;
      else if (param instanceof Error) fields.err = param;
      else if (param !== undefined)
        texts.push(typeof param === 'string' ? param : JSON.stringify(param));
    }
    this.pino[level](fields, texts.join(' '));
  }
}
