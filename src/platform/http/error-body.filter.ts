import { STATUS_CODES } from 'node:http';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../contracts/errors.js';
import { TooManyRequestsException } from './too-many-requests.exception.js';
import { ValidationFailedException } from './validation.js';

/** Readable reasons for Fastify's request errors, which the Nest adapter wraps as the HttpException cause. */
const FASTIFY_REASONS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
};

function fastifyReason(cause: unknown): string | undefined {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? FASTIFY_REASONS[code] : undefined;
}

/** Builds the one error body of the API from whatever was thrown. */
export function toErrorBody(error: unknown): ErrorBody {
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
  return body;
}

@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const body = toErrorBody(exception);
    // The request's own logger, so the line carries the request id.
    if (body.statusCode >= 500)
      http.getRequest<FastifyRequest>().log.error({ err: exception }, 'Request failed');
    if (exception instanceof TooManyRequestsException) {
      void reply.header('retry-after', String(Math.max(1, exception.retryAfterSeconds)));
    }
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }
}
