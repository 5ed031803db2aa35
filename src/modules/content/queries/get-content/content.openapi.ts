import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { contentSnapshotSchema } from '../../../../contracts/content/index.js';
import { CONTENT_PATH } from './get-content.route.js';

const schema = z.toJSONSchema(contentSnapshotSchema, {
  target: 'openapi-3.0',
  metadata: z.registry(),
}) as SchemaObject;

/** The content snapshot's OpenAPI entry (a Fastify route, which Nest's scanner does not see). */
export const contentOpenApiPaths: OpenAPIObject['paths'] = {
  [CONTENT_PATH]: {
    get: {
      ...{ 'x-access': 'public' },
      tags: ['content'],
      operationId: 'getContent',
      summary: 'Every section of the site in one answer (cached; ETag / If-None-Match → 304)',
      parameters: [
        { name: 'if-none-match', in: 'header', required: false, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: 'The snapshot', content: { 'application/json': { schema } } },
        '304': { description: 'Unchanged since the ETag given' },
      },
    },
  },
};
