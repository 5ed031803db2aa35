import { applyDecorators } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiServiceUnavailableResponse,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';

/**
 * The error answers of a route that calls PayPal: 404 (what it names is not there), 409 (the state
 * refuses it, or PayPal did) and 503 (PayPal could not be reached), each with the API's error body.
 */
export function PaypalCallResponses(notFound: string, conflict: string): MethodDecorator {
  return applyDecorators(
    ApiNotFoundResponse({ description: notFound, standardSchema: errorBodySchema }),
    ApiConflictResponse({ description: conflict, standardSchema: errorBodySchema }),
    ApiServiceUnavailableResponse({
      description: 'PayPal could not be reached',
      standardSchema: errorBodySchema,
    }),
  );
}
