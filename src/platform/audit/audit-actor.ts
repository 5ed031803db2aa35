import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/access.js';

/** The admin behind an action, as the audit log records them. */
export interface AuditActor {
  accountId: string;
  /** The e-mail at the time of the action (kept even if the account changes later). */
  email: string;
  /** The client's IP (TRUST_PROXY honoured). */
  ip: string;
}

export const auditActorOf = (auth: AuthContext, ip: string): AuditActor => ({
  accountId: auth.account.id,
  email: auth.account.email,
  ip,
});

/** The signed-in admin of an `@Access('admin')` route, with the request's IP. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  if (!request.auth) throw new Error('CurrentActor used on a route without @Access(admin)');
  return auditActorOf(request.auth, request.ip);
});
