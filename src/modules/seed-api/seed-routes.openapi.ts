import type { OpenAPIObject } from '@nestjs/swagger';

import { z } from 'zod';
import { MAX_ORDER_PAGE_SIZE } from '../../contracts/orders.js';
import { SEED_BODIES } from './seed-bodies.js';
import { SEED_ROUTES, type SeedRoute } from './seed-routes.js';

/** A body the route validates with its own schema, or any object of strings (a record). */
function bodySchema(route: SeedRoute): Record<string, unknown> {
  const schema = SEED_BODIES[route.target.kind];
  if (!schema) return { type: 'object', additionalProperties: { type: 'string' } };
  // A named schema is one of the canonical API's, documented in its components already.
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: `#/components/schemas/${id}` };
  const json: Record<string, unknown> = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  delete json.$schema;
  return json;
}

const pageParameters = [
  { name: 'page', in: 'query' as const, required: false, schema: { type: 'integer', minimum: 1 } },
  {
    name: 'pageSize',
    in: 'query' as const,
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: MAX_ORDER_PAGE_SIZE },
  },
];

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

function describe(route: SeedRoute): string {
  const target = route.target;
  const where = 'section' in target ? ` (content section "${target.section}")` : '';
  return `Seed-compatible alias: ${target.kind}${where}`;
}

/** The seed routes' OpenAPI entries, so that they are documented (and walked by the access test). */
export function seedOpenApiPaths(): OpenAPIObject['paths'] {
  const paths: OpenAPIObject['paths'] = {};
  for (const route of SEED_ROUTES) {
    const path = `/api${route.path}`;
    const hasBody = route.method !== 'GET';
    paths[path] ??= {};
    paths[path][route.method.toLowerCase() as 'get' | 'post' | 'put'] = {
      tags: ['seed aliases'],
      summary: describe(route),
      ...{ 'x-access': route.access },
      parameters: [
        ...(route.path.includes('{id}')
          ? [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'string' } }]
          : []),
        ...(route.target.kind === 'orders.list' ? pageParameters : []),
      ],
      ...(hasBody
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: bodySchema(route) },
              },
            },
          }
        : {}),
      ...(route.access === 'public' ? {} : { security: [{ session: [] }] }),
      responses: {
        [route.method === 'POST' ? '201' : '200']: {
          description:
            route.target.kind === 'subscribers.create'
              ? 'A notice, the same whether or not the address was known'
              : 'The record(s), with `_id`',
        },
        '400': errorResponse('Invalid fields'),
        ...(route.access === 'public' ? {} : { '401': errorResponse('Not signed in') }),
        ...(route.access === 'admin' ? { '403': errorResponse('Not an admin') } : {}),
      },
    };
  }
  return paths;
}
