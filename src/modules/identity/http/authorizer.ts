import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  STAFF_AUTH_MESSAGES,
  TWO_FACTOR_REQUIRED_CODE,
} from '../../../contracts/identity.js';
import { type AccessLevel, type AuthContext, roleMayUse } from '../../../platform/auth/access.js';
import { RequestAuthorizer } from '../../../platform/auth/request-authorizer.js';
import { SessionCookie } from '../sessions/session-cookie.js';
import { SessionStore } from '../sessions/session-store.js';

/**
 * Decides whether a request may use a route of a given access level: 401 when signed out, 403 when the
 * account's role is not among the staff roles the route names. Used by the global guard and by routes served outside Nest's router.
 */
@Injectable()
export class Authorizer extends RequestAuthorizer {
  constructor(
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
  ) {
    super();
  }

  /** The signed-in account (also set on `request.auth`), or undefined on a public route. */
  async authorize(
    request: FastifyRequest,
    level: AccessLevel,
    options: { twoFactorEnrolment?: boolean } = {},
  ): Promise<AuthContext | undefined> {
    if (level === 'public') return undefined;
    const token = this.cookie.read(request);
    const auth = token ? await this.sessions.resolve(token) : null;
    if (!auth) throw new UnauthorizedException('Please log in to continue.');
    if (!roleMayUse(auth.account.role, level))
      throw new ForbiddenException(AUTH_MESSAGES.noPermission);
    // REQUIRE_ADMIN_2FA: the staff routes wait until the admin has enrolled (from their dashboard).
    if (level !== 'customer' && auth.account.twoFactorRequired && !options.twoFactorEnrolment) {
      throw new ForbiddenException({
        message: STAFF_AUTH_MESSAGES.twoFactorRequired,
        code: TWO_FACTOR_REQUIRED_CODE,
      });
    }
    request.auth = auth;
    return auth;
  }
}
