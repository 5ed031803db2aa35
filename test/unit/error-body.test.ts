import { describe, expect, it } from '@jest/globals';
import { HttpException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { toErrorBody } from '../../src/platform/http/error-body.filter.js';
import { ValidationFailedException } from '../../src/platform/http/validation.js';

describe('the API error body', () => {
  it('carries per-field messages for a validation failure', () => {
    const body = toErrorBody(new ValidationFailedException({ email: 'Provide a Valid Email' }));
    expect(body).toStrictEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'email: Provide a Valid Email',
      fields: { email: 'Provide a Valid Email' },
    });
  });

  it('keeps the message of an HTTP exception', () => {
    expect(toErrorBody(new NotFoundException('No such message'))).toStrictEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No such message',
    });
    expect(toErrorBody(new ServiceUnavailableException()).statusCode).toBe(503);
  });

  it('maps Fastify’s request errors to a 4xx with a readable reason', () => {
    // The Nest Fastify adapter wraps them in an HttpException whose cause is Fastify's error.
    const fastifyError = Object.assign(new Error('Unsupported Media Type'), {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    const wrapped = new HttpException('Unsupported Media Type', 415, { cause: fastifyError });
    expect(toErrorBody(wrapped)).toStrictEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Content-Type must be application/json',
    });
  });

  it('never leaks the details of an unexpected error', () => {
    const body = toErrorBody(new Error('connection string postgres://secret@db'));
    expect(body.statusCode).toBe(500);
    expect(body.message).not.toMatch(/secret/);
  });
});
