import type { OpenAPIObject } from '@nestjs/swagger';
import { SEED_ROUTES, type SeedRoute } from './seed-routes.js';

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
      parameters: route.path.includes('{id}')
        ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
        : [],
      ...(hasBody
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { type: 'object', additionalProperties: { type: 'string' } },
                },
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
        ...(route.access === 'public'
          ? {}
          : { '401': errorResponse('Not signed in'), '403': errorResponse('Not an admin') }),
      },
    };
  }
  return paths;
}
