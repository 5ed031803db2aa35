import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import { METRICS_PATH } from './metrics.route.js';

/**
 * Who may scrape: not a session's role but the bearer token METRICS_TOKEN, whatever address the
 * request comes from; anyone else gets 404. The authorization test walks this level too.
 */
export const OPERATOR_ACCESS = 'operator';

/** The metrics route's OpenAPI entry (a Fastify route, which Nest's scanner does not see). */
export const metricsOpenApiPaths: OpenAPIObject['paths'] = {
  [METRICS_PATH]: {
    get: {
      ...{ 'x-access': OPERATOR_ACCESS },
      tags: ['ops'],
      operationId: 'metrics',
      summary:
        'Prometheus metrics (text format 0.0.4): request durations by route template, jobs per queue ' +
        'and state, the outbox backlog and its oldest age, e-mails sent and failed, IPN verifications ' +
        'by result, process metrics. Only with `Authorization: Bearer <METRICS_TOKEN>`, from any ' +
        'address; anyone else gets 404 (METRICS_PORT serves them on 127.0.0.1 without a token)',
      responses: {
        '200': {
          description: 'The metrics',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        '404': {
          description: 'No valid METRICS_TOKEN (or none configured): as if there were no route',
          content: {
            'application/json': {
              schema: z.toJSONSchema(errorBodySchema, {
                target: 'openapi-3.0',
                metadata: z.registry(),
              }) as SchemaObject,
            },
          },
        },
      },
    },
  },
};
