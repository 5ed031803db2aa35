import { type MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';

/**
 * A request-scoped EntityManager for every request (MikroORM's Fastify integration), as a Fastify hook
 * rather than Nest middleware, which costs every request. Hot paths served from memory need none.
 */
export function registerRequestContext(fastify: FastifyInstance, orm: MikroORM): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.hotPath) return done();
    RequestContext.create(orm.em, done);
  });
}
