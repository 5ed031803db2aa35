import { STATUS_CODES } from 'node:http';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../contracts/errors.js';
import { isDatabaseUnavailable } from '../database/database-unavailable.js';
import { TooManyRequestsException } from './too-many-requests.exception.js';
import { ValidationFailedException } from './validation.js';

/** Readable reasons for Fastify's request errors, which the Nest adapter wraps as the HttpException cause. */
const FASTIFY_REASONS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
};

/** When to try again while PostgreSQL is unreachable (it reconnects by itself when it is back). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** While PostgreSQL is away every request fails alike: one warning per interval, not one per request. */
const UNAVAILABLE_WARNING_INTERVAL_MS = 30_000;

/** PostgreSQL could not be reached; an HttpException keeps its own status whatever its cause. */
function databaseUnavailable(error: unknown): boolean {
  return !(error instanceof HttpException) && isDatabaseUnavailable(error);
}

/**
 * A service the request needed is down for a while (a module's error marked `serviceUnavailable`,
 * e.g. the media store's outage): a 503 with its Retry-After, never a 500.
 */
interface ServiceUnavailable extends Error {
  readonly serviceUnavailable: true;
  readonly retryAfterSeconds?: number;
}

function serviceUnavailable(error: unknown): error is ServiceUnavailable {
  return (
    error instanceof Error &&
    (error as Partial<ServiceUnavailable>).serviceUnavailable === true &&
    !(error instanceof HttpException)
  );
}

function fastifyReason(cause: unknown): string | undefined {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? FASTIFY_REASONS[code] : undefined;
}

/** Builds the one error body of the API from whatever was thrown. */
export function toErrorBody(error: unknown): ErrorBody {
  if (databaseUnavailable(error) || serviceUnavailable(error)) {
    return {
      statusCode: 503,
      error: STATUS_CODES[503]!,
      message: 'The service is briefly unavailable; please try again in a moment',
    };
  }
  if (!(error instanceof HttpException)) {
    return {
      statusCode: 500,
      error: STATUS_CODES[500]!,
      message: 'Something went wrong on our side',
    };
  }
  const statusCode = error.getStatus();
  const response = error.getResponse();
  const message =
    fastifyReason(error.cause) ??
    (typeof response === 'string'
      ? response
      : String((response as { message?: unknown }).message ?? error.message));
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (error instanceof ValidationFailedException) body.fields = error.fields;
  const code = typeof response === 'object' ? (response as { code?: unknown }).code : undefined;
  if (typeof code === 'string') body.code = code;
  return body;
}

/** Seconds for the Retry-After header of an error's answer, when it has one. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (error instanceof TooManyRequestsException) return Math.max(1, error.retryAfterSeconds);
  if (serviceUnavailable(error)) {
    return Math.max(1, error.retryAfterSeconds ?? UNAVAILABLE_RETRY_AFTER_SECONDS);
  }
  if (databaseUnavailable(error)) return UNAVAILABLE_RETRY_AFTER_SECONDS;
  return undefined;
}

@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private lastUnavailableWarningAt = Number.NEGATIVE_INFINITY;
  private unavailableSinceWarning = 0;

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.answer(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** The answer to a failed request, whichever router served it (raw routes call it directly). */
  answer(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    // The request's own logger, so the line carries the request id.
    const log = request.log;
    const body = toErrorBody(exception);
    if (serviceUnavailable(exception)) {
      log.warn({ reason: exception.message }, 'A service is unavailable: answered 503');
    } else if (databaseUnavailable(exception)) this.warnUnavailable(log, exception);
    else if (body.statusCode >= 500) log.error({ err: exception }, 'Request failed');
    const retryAfter = retryAfterSeconds(exception);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }

  private warnUnavailable(log: FastifyBaseLogger, exception: unknown): void {
    this.unavailableSinceWarning += 1;
    const now = Date.now();
    if (now - this.lastUnavailableWarningAt < UNAVAILABLE_WARNING_INTERVAL_MS) return;
    log.warn(
      { reason: (exception as Error).message, requests: this.unavailableSinceWarning },
      'Database unavailable: answering 503 until it is back',
    );
    this.lastUnavailableWarningAt = now;
    this.unavailableSinceWarning = 0;
  }
}
