import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  type OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../../contracts/identity.js';
import { ACCESS_METADATA, type AccessLevel } from '../../../platform/auth/access.js';
import { SessionCookie } from '../sessions/session-cookie.js';
import { SessionStore } from '../sessions/session-store.js';

/**
 * Enforces `@Access` on every route: signed out → 401, signed in but not an admin on an admin route →
 * 403. Start-up fails when a route does not declare its access, so none can be forgotten.
 */
@Injectable()
export class AccessGuard implements CanActivate, OnModuleInit {
  constructor(
    private readonly reflector: Reflector,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
  ) {}

  onModuleInit(): void {
    const undeclared: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[method] as () => unknown;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (!this.reflector.getAllAndOverride(ACCESS_METADATA, [handler, metatype])) {
          undeclared.push(`${metatype.name}.${method}`);
        }
      }
    }
    if (undeclared.length > 0) {
      throw new Error(`Routes without @Access(...): ${undeclared.join(', ')}`);
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (level === 'public') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = this.cookie.read(request);
    const auth = token ? await this.sessions.resolve(token) : null;
    if (!auth) throw new UnauthorizedException('Please log in to continue.');
    if (level === 'admin' && !auth.account.isAdmin) {
      throw new ForbiddenException(AUTH_MESSAGES.noPermission);
    }
    request.auth = auth;
    return true;
  }
}
