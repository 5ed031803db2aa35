import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiExtension,
  ApiForbiddenResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../contracts/errors.js';
import type { Account } from '../../contracts/identity.js';

/** Who may call a route: anyone, any signed-in account, or an admin. */
export type AccessLevel = 'public' | 'customer' | 'admin';

export const ACCESS_METADATA = 'seo:access';
export const SESSION_COOKIE_SECURITY = 'session';

/** The signed-in account of a request, set by the access guard. */
export interface AuthContext {
  sessionId: string;
  account: Account;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/**
 * Declares who may call a route. Every route must say (start-up fails otherwise); the guard enforces it
 * and the OpenAPI document shows it as `x-access`, which the authorization test walks.
 */
export function Access(level: AccessLevel) {
  const decorators = [SetMetadata(ACCESS_METADATA, level), ApiExtension('x-access', level)];
  if (level !== 'public') {
    decorators.push(
      ApiCookieAuth(SESSION_COOKIE_SECURITY),
      ApiUnauthorizedResponse({ description: 'Not signed in', standardSchema: errorBodySchema }),
    );
  }
  if (level === 'admin') {
    decorators.push(
      ApiForbiddenResponse({ description: 'Not an admin', standardSchema: errorBodySchema }),
    );
  }
  return applyDecorators(...decorators);
}

/** The signed-in account's context on a `customer` or `admin` route. */
export const CurrentAuth = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!auth) throw new Error('CurrentAuth used on a route without @Access(customer|admin)');
  return auth;
});
