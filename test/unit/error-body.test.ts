import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { toErrorBody } from '../../src/platform/http/error-body.filter.js';
import { ValidationFailedException } from '../../src/platform/http/validation.js';

describe('the API error body', () => {
  it('carries per-field messages for a validation failure', () => {
    const body = toErrorBody(new ValidationFailedException({ email: 'Provide a Valid Email' }));
    assert.deepEqual(body, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'email: Provide a Valid Email',
      fields: { email: 'Provide a Valid Email' },
    });
  });

  it('keeps the message of an HTTP exception', () => {
    assert.deepEqual(toErrorBody(new NotFoundException('No such message')), {
      statusCode: 404,
      error: 'Not Found',
      message: 'No such message',
    });
    assert.equal(toErrorBody(new ServiceUnavailableException()).statusCode, 503);
  });

  it('maps Fastify’s request errors to a 4xx with a readable reason', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    assert.deepEqual(toErrorBody(tooLarge), {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });

  it('never leaks the details of an unexpected error', () => {
    const body = toErrorBody(new Error('connection string postgres://secret@db'));
    assert.equal(body.statusCode, 500);
    assert.doesNotMatch(body.message, /secret/);
  });
});
