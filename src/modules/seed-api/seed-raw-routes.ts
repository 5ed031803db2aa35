import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../contracts/errors.js';
import { type RawRoute, rawRoute } from '../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../platform/http/raw-routes/raw-route-set.js';
import { SEED_BODIES, seedOrderListQuerySchema } from './seed-bodies.js';
import { dispatchSeedCall } from './seed-route-handlers.js';
import { SEED_ROUTES, type SeedRoute } from './seed-routes.js';

/** `/logo/{id}` → `/api/logo/:id` */
export const fastifyPath = (seedPath: string) => `/api${seedPath.replace(/\{(\w+)\}/g, ':$1')}`;

const recordIdParams = z.object({ id: z.string() });

/** A body the call checks with its own schema, or any object of strings (a record). */
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

function summaryOf(route: SeedRoute): string {
  const target = route.target;
  const where = 'section' in target ? ` (content section "${target.section}")` : '';
  return `Seed-compatible alias: ${target.kind}${where}`;
}

/**
 * Serves the seed's call table as raw routes in the API's process: each is declared with the seed
 * route's access (checked as the guard does), runs the owning module's command or query, which
 * checks the body as the canonical API does, and answers with the API's error body on failure.
 */
@Injectable()
export class SeedRawRoutes extends RawRouteSet {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {
    super();
  }

  routes(): RawRoute[] {
    return SEED_ROUTES.map((route) =>
      rawRoute({
        method: route.method,
        path: fastifyPath(route.path),
        access: route.access,
        ...(route.path.includes('{id}') ? { params: recordIdParams } : {}),
        ...(route.target.kind === 'orders.list' ? { query: seedOrderListQuerySchema } : {}),
        docs: {
          operationId: `seed${route.method}${route.path.replace(/\W+/g, '_')}`,
          tags: ['seed aliases'],
          summary: summaryOf(route),
          ...(route.method === 'GET'
            ? {}
            : {
                requestBody: {
                  required: true,
                  content: { 'application/json': { schema: bodySchema(route) } },
                },
              }),
          responses: {
            [route.method === 'POST' ? 201 : 200]:
              route.target.kind === 'subscribers.create'
                ? 'A notice, the same whether or not the address was known'
                : 'The record(s), with `_id`',
            400: { description: 'Invalid fields', json: errorBodySchema },
          },
        },
        handler: (request, reply) => this.serve(route, request, reply),
      }),
    );
  }

  private async serve(route: SeedRoute, request: FastifyRequest, reply: FastifyReply) {
    const { id = '' } = request.params as { id?: string };
    const answer = await dispatchSeedCall(
      {
        target: route.target,
        id,
        body: request.body,
        query: request.query,
        ip: request.ip,
        auth: request.auth,
      },
      this.commandBus,
      this.queryBus,
    );
    return reply
      .code(answer.status)
      .headers({ ...answer.headers, 'cache-control': 'no-store' })
      .send(answer.body);
  }
}
