import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { healthSchemaFor, livenessSchema } from '../health.contract.js';
import { HEALTH_PATH, LIVENESS_PATH } from './health.route.js';

// An empty metadata registry inlines the schema instead of referring to it by its meta id.
const inline = (schema: z.ZodType) => ({
  'application/json': {
    schema: z.toJSONSchema(schema, {
      target: 'openapi-3.0',
      metadata: z.registry(),
    }) as SchemaObject,
  },
});
/**
 * The health routes' OpenAPI entries (they are Fastify routes, so Nest's scanner does not see them),
 * readiness naming each of the product's queues.
 */
export const healthOpenApiPaths = (queueNames: readonly string[]): OpenAPIObject['paths'] => {
  const health = inline(healthSchemaFor(queueNames));
  return {
    [HEALTH_PATH]: {
      get: {
        // Who may call it, like every operation (see platform/auth/access.ts).
        ...{ 'x-access': 'public' },
        tags: ['ops'],
        operationId: 'health',
        summary:
          'Readiness: PostgreSQL and Redis answer, each on a connection of its own, with the outbox ' +
          'backlog and the jobs of each queue (at most HEALTH_CACHE_MS old); 503 once either service ' +
          'failed HEALTH_FAILURE_THRESHOLD probes in a row, or the oldest owed outbox row is older ' +
          'than OUTBOX_STUCK_AFTER_SECONDS',
        responses: {
          '200': { description: 'Both services are up and the outbox flows', content: health },
          '503': { description: 'A service is down or the outbox is stuck', content: health },
        },
      },
    },
    [LIVENESS_PATH]: {
      get: {
        ...{ 'x-access': 'public' },
        tags: ['ops'],
        operationId: 'liveness',
        summary: 'Liveness: the process answers (no dependency is checked)',
        responses: {
          '200': { description: 'The process is alive', content: inline(livenessSchema) },
        },
      },
    },
  };
};
