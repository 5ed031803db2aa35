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
import {
  type Account,
  type AccountRole,
  readsEveryOrder as readsEveryOrderAs,
  type StaffRole,
} from '../../contracts/identity.js';

/**
 * Who may call a route: anyone, any signed-in account, or the staff roles named (one, e.g. `'admin'`,
 * or several, e.g. `['admin', 'editor']`). `admin` is always among them: an admin may do everything.
 */
export type AccessLevel = 'public' | 'customer' | StaffRole | readonly StaffRole[];

/** The staff roles of each area (`@Access(STAFF.content)`), shared with the SPA's screens. */
export { STAFF } from '../../contracts/identity.js';

/** The staff roles a level admits, or null for `public` and `customer` (not a staff level). */
export function staffRolesOf(level: AccessLevel): readonly StaffRole[] | null {
  if (level === 'public' || level === 'customer') return null;
  return typeof level === 'string' ? [level] : level;
}

/** Whether a signed-in account of a role may use a route of a level (any account: `customer`). */
export function roleMayUse(role: AccountRole, level: AccessLevel): boolean {
  const roles = staffRolesOf(level);
  return roles === null || (role !== 'customer' && roles.includes(role));
}

/** Whether an account reads every order and its files (admins and support), not only its own. */
export const readsEveryOrder = (account: Account) => readsEveryOrderAs(account.role);

/** The OpenAPI description of a staff route's 403. */
export const forbiddenDescription = (roles: readonly StaffRole[]) =>
  `Not ${roles.map((role) => `an ${role}`).join(' or ')}`;

/** What the OpenAPI document's `x-access` says: the level, or the list when several roles may call. */
export function accessExtension(level: AccessLevel): string | readonly StaffRole[] {
  const roles = staffRolesOf(level);
  return roles && roles.length > 1 ? roles : (roles?.[0] ?? (level as string));
}

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
  const roles = staffRolesOf(level);
  if (roles && !roles.includes('admin')) throw new Error('Every staff route admits admins');
  const decorators = [
    SetMetadata(ACCESS_METADATA, level),
    ApiExtension('x-access', accessExtension(level)),
  ];
  if (level !== 'public') {
    decorators.push(
      ApiCookieAuth(SESSION_COOKIE_SECURITY),
      ApiUnauthorizedResponse({ description: 'Not signed in', standardSchema: errorBodySchema }),
    );
  }
  if (roles) {
    decorators.push(
      ApiForbiddenResponse({
        description: forbiddenDescription(roles),
        standardSchema: errorBodySchema,
      }),
    );
  }
  return applyDecorators(...decorators);
}

/** The signed-in account's context on a `customer` or staff route. */
export const CurrentAuth = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!auth) throw new Error('CurrentAuth used on a route without @Access(customer|staff)');
  return auth;
});
