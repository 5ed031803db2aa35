import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, HttpAdapterHost } from '@nestjs/core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { RequestAuthorizer } from '../../auth/request-authorizer.js';
import { CROSS_SITE_ALLOWED } from '../cross-site.js';
import { ErrorBodyFilter, toErrorBody } from '../error-body.filter.js';
import { noApiRoute } from '../no-api-route.js';
import { fieldMessages, ValidationFailedException } from '../validation.js';
import {
  bodyOf,
  bodySchemaOf,
  isTokenAccess,
  type RawMount,
  type RawRoute,
  type RouteBody,
} from './raw-route.js';
import { RawRouteSet } from './raw-route-set.js';

const FORM = 'application/x-www-form-urlencoded';

/** The input, as the schema gives it back, or a 400 naming each bad field (as Nest's pipe does). */
function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationFailedException(fieldMessages(result.error.issues));
  return result.data;
}

/** The body parsers of a route whose body is not the API's JSON, installed in a scope of its own. */
function bodyParsers(
  body: RouteBody<unknown> | undefined,
): ((scope: FastifyInstance) => void) | undefined {
  switch (body?.mode) {
    case undefined:
    case 'json':
      return undefined;
    case 'form':
      return (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser(
          FORM,
          { parseAs: 'string', bodyLimit: body.limit },
          (_, text, done) => done(null, Object.fromEntries(new URLSearchParams(text as string))),
        );
      };
    case 'raw':
      return (scope) => {
        for (const type of body.types) {
          if (scope.hasContentTypeParser(type)) scope.removeContentTypeParser(type);
          scope.addContentTypeParser(
            type,
            { parseAs: 'buffer', bodyLimit: body.limit },
            (_, bytes, done) => done(null, bytes),
          );
        }
      };
    case 'none':
      return (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { bodyLimit: body.limit }, (_, payload, done) => {
          payload.resume();
          payload.on('end', () => done(null, undefined));
          payload.on('error', done);
        });
      };
  }
}

/**
 * The one place where raw routes (routes Fastify serves directly, see raw-route.ts) are served: it
 * finds the RawRouteSet providers of the loaded modules and registers each of their routes with its
 * access check (the same RequestAuthorizer as Nest's guard, before anything else), its input checks
 * (zod, a 400 with the fields), its body parser, and the API's exception filter for whatever fails,
 * so that a raw route answers errors exactly as a Nest route does. A public route without schemas is
 * registered with its own handler and nothing around it (the health probes stay as cheap as Fastify's
 * own). configureHttp documents the same routes in OpenAPI.
 */
@Injectable()
export class RawRouteRegistrar implements OnApplicationBootstrap {
  private declared: readonly RawRoute[] | undefined;
  private declaredMounts: readonly RawMount[] | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly discovery: DiscoveryService,
    private readonly authorizer: RequestAuthorizer,
    private readonly errors: ErrorBodyFilter,
  ) {}

  /** Every raw route of the loaded modules, checked. */
  routes(): readonly RawRoute[] {
    this.declared ??= checked(this.sets().flatMap((set) => set.routes()));
    return this.declared;
  }

  /** Every mount of the loaded modules. */
  mounts(): readonly RawMount[] {
    this.declaredMounts ??= this.sets().flatMap((set) => set.mounts());
    return this.declaredMounts;
  }

  private sets(): RawRouteSet[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is RawRouteSet => instance instanceof RawRouteSet);
  }

  /**
   * After every module's onModuleInit and Nest's own error handler: the app-wide hooks modules add
   * (metrics, media, the queue dashboard) are in place before any raw route's scope loads.
   */
  onApplicationBootstrap(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    for (const route of this.routes()) this.register(fastify, route);
    for (const mount of this.mounts()) this.mount(fastify, mount);
  }

  /**
   * The access check of a mount runs on every request (a callback hook: most are not the mount's),
   * since the library's routes are its own and a misspelt target reaches none of them.
   */
  private mount(fastify: FastifyInstance, mount: RawMount): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (!mount.covers(request)) return done();
      this.authorizer.authorize(request, mount.access).then(
        () => {
          void reply.header('cache-control', 'no-store');
          done();
        },
        (error: unknown) => {
          const status = toErrorBody(error).statusCode;
          if (!mount.refused?.(status, request, reply)) this.answerError(error, request, reply);
        },
      );
    });
    void fastify.register((scope) => mount.register(scope));
  }

  private register(fastify: FastifyInstance, route: RawRoute): void {
    const options: RouteOptions = {
      method: route.method,
      url: route.path,
      handler: this.handlerOf(route),
      errorHandler: this.answerError,
      config: {
        ...(route.hotPath ? { hotPath: true } : {}),
        ...(route.crossSite ? CROSS_SITE_ALLOWED : {}),
      },
      ...(route.compress === false ? { compress: false } : {}),
      ...(route.headRoute === false ? { exposeHeadRoute: false } : {}),
    };
    const parsers = bodyParsers(bodyOf(route));
    if (!parsers) {
      fastify.route(options);
      return;
    }
    // Its own scope, so that its parsers apply to it alone.
    void fastify.register(async (scope) => {
      parsers(scope);
      scope.route(options);
    });
  }

  /** Errors as Nest's router answers them: Fastify's mapped by the adapter, then the API's filter. */
  private readonly answerError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    this.errors.answer(this.adapterHost.httpAdapter.mapException(error), request, reply);
  };

  private handlerOf(route: RawRoute): RouteHandlerMethod {
    const { access } = route;
    const bodySchema = bodySchemaOf(route);
    const { params, query } = route;
    if (access === 'public' && !params && !query && !bodySchema) {
      return route.handler as RouteHandlerMethod;
    }
    return async (request, reply) => {
      if (isTokenAccess(access)) {
        if (!access.presented(request)) {
          return reply
            .code(404)
            .header('cache-control', 'no-store')
            .send(noApiRoute(request.method, route.path));
        }
      } else {
        await this.authorizer.authorize(request, access);
      }
      if (params) request.params = parsed(params, request.params);
      if (query) request.query = parsed(query, request.query);
      if (bodySchema) request.body = parsed(bodySchema, request.body);
      return route.handler(request, reply);
    };
  }
}

/** Refuses at start-up what the types cannot: a cross-site exemption off a public route, a route twice. */
function checked(routes: readonly RawRoute[]): readonly RawRoute[] {
  const seen = new Set<string>();
  for (const route of routes) {
    const label = `${route.method} ${route.path}`;
    if (route.crossSite && route.access !== 'public') {
      throw new Error(`A raw route exempt from the cross-site check must be public: ${label}`);
    }
    if (seen.has(label)) throw new Error(`A raw route declared twice: ${label}`);
    seen.add(label);
  }
  return routes;
}
