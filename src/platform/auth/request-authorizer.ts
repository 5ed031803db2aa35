import type { FastifyRequest } from 'fastify';
import type { AccessLevel, AuthContext } from './access.js';

/**
 * Route access for routes served by Fastify directly (the injection token is this class): 401 when
 * signed out, 403 for a role the route does not name. Implemented by the identity module, so that a
 * module serving such a route (the live feed, the queue dashboard) needs no import of identity.
 */
export abstract class RequestAuthorizer {
  /** The signed-in account (also set on `request.auth`), or undefined on a public route. */
  abstract authorize(request: FastifyRequest, level: AccessLevel): Promise<AuthContext | undefined>;
}
