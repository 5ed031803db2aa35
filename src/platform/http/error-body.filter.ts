import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ErrorBody } from '../../contracts/errors.js';
import { ValidationFailedException } from './validation.js';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Fastify's own request errors (body limit, content type, malformed JSON) carry a 4xx statusCode. */
interface FastifyClientError {
  statusCode: number;
  code?: string;
  message: string;
}

function isFastifyClientError(error: unknown): error is FastifyClientError {
  const statusCode = (error as FastifyClientError | undefined)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
};

/** Builds the one error body of the API from whatever was thrown. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpException) {
    const statusCode = error.getStatus();
    const response = error.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : String((response as { message?: unknown }).message ?? error.message);
    const body: ErrorBody = { statusCode, error: REASONS[statusCode] ?? 'Error', message };
    if (error instanceof ValidationFailedException) body.fields = error.fields;
    return body;
  }
  if (isFastifyClientError(error)) {
    const message =
      (error.code && CLIENT_ERROR_MESSAGES[error.code]) ??
      (error instanceof SyntaxError ? 'Request body is not valid JSON' : error.message);
    return { statusCode: error.statusCode, error: REASONS[error.statusCode] ?? 'Error', message };
  }
  return { statusCode: 500, error: REASONS[500]!, message: 'Something went wrong on our side' };
}

@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) this.logger.error({ err: exception }, 'Request failed');
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }
}
