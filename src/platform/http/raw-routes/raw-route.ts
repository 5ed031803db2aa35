import type { SchemaObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccessLevel } from '../../auth/access.js';

/**
 * A caller known by a secret other than a session, e.g. the operators' METRICS_TOKEN. Anyone else
 * gets the 404 of a path that does not exist: the route does not show itself to them.
 */
export interface TokenAccess {
  /** Its name in the OpenAPI document's `x-access`, e.g. `operator`. */
  readonly token: string;
  readonly presented: (request: FastifyRequest) => boolean;
}

/** Who may call a raw route: a session level (as `@Access` on Nest routes) or a token. */
export type RouteAccess = AccessLevel | TokenAccess;

/**
 * Why other sites or servers may send this route unsafe requests (a payment provider's notification,
 * a mail provider's unsubscribe): shown in the OpenAPI document.
 */
export interface CrossSiteExemption {
  readonly reason: string;
}

/**
 * How the request body is read:
 * - `json`: the API's JSON parser (any other type is a 415), checked by `schema` when given (without
 *   one the handler checks it, and `docs.requestBody` describes it);
 * - `form`: `application/x-www-form-urlencoded`, as an object of strings checked by `schema`;
 * - `raw`: the exact bytes of the listed types, as a Buffer (what is signed or hashed);
 * - `none`: not read: whatever is sent, up to `limit` bytes, is discarded.
 */
export type RouteBody<Body> =
  | { readonly mode: 'json'; readonly schema?: z.ZodType<Body> }
  | { readonly mode: 'form'; readonly schema: z.ZodType<Body>; readonly limit: number }
  | { readonly mode: 'raw'; readonly types: readonly string[]; readonly limit: number }
  | { readonly mode: 'none'; readonly limit: number };

/** An OpenAPI media type object (content of a response or request body). */
export type MediaDoc = Record<string, unknown> & { schema?: SchemaObject | { $ref: string } };

export interface ResponseDoc {
  readonly description: string;
  /** A JSON body, documented from its schema. */
  readonly json?: z.ZodType;
  /** Any other body: media type → its OpenAPI media object. */
  readonly content?: Readonly<Record<string, MediaDoc>>;
}

/** What the OpenAPI document says of a raw route besides what its definition already tells. */
export interface RouteDocs {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** Request headers the route reads. */
  readonly headers?: readonly {
    name: string;
    description?: string;
    schema: SchemaObject;
  }[];
  /** A body not described by a zod schema (raw bytes, or JSON the handler checks). */
  readonly requestBody?: { required: boolean; content: Readonly<Record<string, MediaDoc>> };
  /** Status → what it means. 400, 401 and 403 are added from the definition when it implies them. */
  readonly responses: Readonly<Record<number, string | ResponseDoc>>;
}

/** A raw route kept out of the OpenAPI document, saying why (it is not part of the API). */
export interface Undocumented {
  readonly undocumented: string;
}

export type RouteRequest<Params, Query, Body> = FastifyRequest<{
  Params: Params;
  Querystring: Query;
  Body: Body;
}>;

interface RouteDefinition<Params, Query, Body> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form, e.g. `/api/things/:id`. */
  readonly path: string;
  readonly params?: z.ZodType<Params>;
  readonly query?: z.ZodType<Query>;
  /** Unsafe methods default to `{ mode: 'json' }` without a schema; GET reads none. */
  readonly body?: RouteBody<Body>;
  readonly docs: RouteDocs | Undocumented;
  /** Served from memory and called constantly: no request log line, no database request context. */
  readonly hotPath?: true;
  /** Answers too small to be worth compressing: no compression hooks. */
  readonly compress?: false;
  /** No HEAD twin of a GET route (a HEAD must not open a stream, say). */
  readonly headRoute?: false;
  /** Runs once access is granted and the input is valid; what it throws is answered like Nest's errors. */
  handler(request: RouteRequest<Params, Query, Body>, reply: FastifyReply): unknown;
}

/**
 * One route served by Fastify directly, outside Nest's router: everything the access check, the
 * input checks, the body parser and the OpenAPI entry need. Access must be declared, and only a
 * public route may take cross-site requests (one acting on a session would be open to CSRF).
 */
export type RawRoute<Params = unknown, Query = unknown, Body = unknown> = RouteDefinition<
  Params,
  Query,
  Body
> &
  (
    | { readonly access: 'public'; readonly crossSite?: CrossSiteExemption }
    | { readonly access: Exclude<RouteAccess, 'public'>; readonly crossSite?: never }
  );

/** Declares a raw route, inferring its handler's types from its schemas. */
export function rawRoute<Params = unknown, Query = unknown, Body = unknown>(
  route: RawRoute<Params, Query, Body>,
): RawRoute {
  return route as RawRoute;
}

export const isTokenAccess = (access: RouteAccess): access is TokenAccess =>
  typeof access === 'object' && !Array.isArray(access);

export const isDocumented = (docs: RouteDocs | Undocumented): docs is RouteDocs =>
  !('undocumented' in docs);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route's body mode: unsafe methods read JSON unless they say otherwise, GET reads none. */
export function bodyOf(route: RawRoute): RouteBody<unknown> | undefined {
  return route.body ?? (SAFE_METHODS.has(route.method) ? undefined : { mode: 'json' });
}

/** The schema that checks a route's body, when it has one. */
export function bodySchemaOf(route: RawRoute): z.ZodType | undefined {
  const body = bodyOf(route);
  return body && 'schema' in body ? body.schema : undefined;
}

/**
 * Routes another library registers (Bull Board's, say) under one prefix, behind a session level: the
 * registrar checks access on every request for them before anything else, and documents the page at
 * the prefix. The library's own API under the prefix is not listed: the same check guards it.
 */
export interface RawMount {
  readonly prefix: string;
  readonly access: Exclude<AccessLevel, 'public'>;
  /** Whether a request is for the mount, however its target is spelt (refused alike if not served). */
  readonly covers: (request: FastifyRequest) => boolean;
  /** Registers the library's routes, in a scope of their own. */
  readonly register: (scope: FastifyInstance) => Promise<void>;
  /** Answers a refusal itself (true), e.g. a signed-out browser sent to the login page. */
  readonly refused?: (status: number, request: FastifyRequest, reply: FastifyReply) => boolean;
  /** The GET of the prefix (the library's page). */
  readonly docs: RouteDocs;
}
