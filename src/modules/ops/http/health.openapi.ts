import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { healthSchema } from '../health.contract.js';
import { HEALTH_PATH } from './health.route.js';

// An empty metadata registry inlines the schema instead of referring to it by its meta id.
const schema = z.toJSONSchema(healthSchema, {
  target: 'openapi-3.0',
  metadata: z.registry(),
}) as SchemaObject;
const health = { 'application/json': { schema } };

/** The health route's OpenAPI entry (it is a Fastify route, so Nest's scanner does not see it). */
export const healthOpenApiPaths: OpenAPIObject['paths'] = {
  [HEALTH_PATH]: {
    get: {
      // Who may call it, like every operation (see platform/auth/access.ts).
      ...{ 'x-access': 'public' },
      tags: ['ops'],
      operationId: 'health',
      summary: 'Database and Redis status (at most 1 s old); 503 when either is down',
      responses: {
        '200': { description: 'Both are up', content: health },
        '503': { description: 'At least one is down', content: health },
      },
    },
  },
};
