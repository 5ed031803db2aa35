import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  type OnModuleInit,
} from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ACCESS_METADATA, type AccessLevel } from '../../../platform/auth/access.js';
import { allowsCrossSite } from '../../../platform/http/cross-site.js';
import { Authorizer } from './authorizer.js';
import { TWO_FACTOR_ENROLMENT_METADATA } from './two-factor-enrolment.js';

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
    private readonly authorizer: Authorizer,
  ) {}

  onModuleInit(): void {
    const undeclared: string[] = [];
    const crossSiteNotPublic: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[method] as () => unknown;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
          handler,
          metatype,
        ]);
        if (!level) undeclared.push(`${metatype.name}.${method}`);
        else if (level !== 'public' && allowsCrossSite(handler)) {
          crossSiteNotPublic.push(`${metatype.name}.${method}`);
        }
      }
    }
    if (undeclared.length > 0) {
      throw new Error(`Routes without @Access(...): ${undeclared.join(', ')}`);
    }
    // Other sites' requests carry the visitor's cookies: a route that takes them acts on no session.
    if (crossSiteNotPublic.length > 0) {
      throw new Error(
        `Routes with @AllowCrossSite() must be @Access('public'): ${crossSiteNotPublic.join(', ')}`,
      );
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    // A route without a level (start-up refuses those) is treated as the strictest.
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const enrolment = this.reflector.get<boolean | undefined>(
      TWO_FACTOR_ENROLMENT_METADATA,
      context.getHandler(),
    );
    await this.authorizer.authorize(request, level ?? 'admin', { twoFactorEnrolment: enrolment });
    return true;
  }
}
