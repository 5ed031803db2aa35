import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Authorizer } from '../identity/index.js';
import { dispatchSeedCall } from './seed-route-handlers.js';
import { SEED_ROUTES, type SeedRoute } from './seed-routes.js';

/** `/logo/{id}` → `/api/logo/:id` */
export const fastifyPath = (seedPath: string) => `/api${seedPath.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * Serves the seed's call table as Fastify routes in the API's process: each checks the session like the
 * guard does, runs the owning module's command or query and answers with the API's error body on failure
 * (the same exception filter as every route).
 */
@Injectable()
export class SeedRoutesRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly authorizer: Authorizer,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    for (const route of SEED_ROUTES) {
      fastify.route({
        method: route.method,
        url: fastifyPath(route.path),
        handler: (request, reply) => this.serve(route, request, reply),
      });
    }
  }

  /** Failures propagate to Fastify's error handler, which Nest routes through the API's exception filter. */
  private async serve(route: SeedRoute, request: FastifyRequest, reply: FastifyReply) {
    const auth = await this.authorizer.authorize(request, route.access);
    const { id = '' } = request.params as { id?: string };
    const answer = await dispatchSeedCall(
      { target: route.target, id, body: request.body, query: request.query, ip: request.ip, auth },
      this.commandBus,
      this.queryBus,
    );
    return reply
      .code(answer.status)
      .headers({ ...answer.headers, 'cache-control': 'no-store' })
      .send(answer.body);
  }
}
