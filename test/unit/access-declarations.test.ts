/**
 * The start-up checks of the access guard (src/modules/identity/http/access.guard.ts): every route
 * declares who may call it, and only a public route may take cross-site requests.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Controller, Post } from '@nestjs/common';
import { type DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Access } from '../../src/platform/auth/access.js';
import { AllowCrossSite } from '../../src/platform/http/cross-site.js';
import { AccessGuard } from '../../src/modules/identity/http/access.guard.js';
import type { Authorizer } from '../../src/modules/identity/http/authorizer.js';

/** Runs the guard's start-up check over the given controller classes. */
function checkAtStartUp(...controllers: (new () => object)[]): void {
  const discovery = {
    getControllers: () => controllers.map((metatype) => ({ instance: new metatype(), metatype })),
  } as unknown as DiscoveryService;
  const guard = new AccessGuard(
    new Reflector(),
    discovery,
    new MetadataScanner(),
    {} as Authorizer,
  );
  guard.onModuleInit();
}

@Controller('api/payments')
class PaymentWebhookController {
  @Post('webhook')
  @Access('public')
  @AllowCrossSite()
  receive() {}
}

@Controller('api/admin/things')
class AdminCrossSiteController {
  @Post()
  @Access('admin')
  @AllowCrossSite()
  create() {}
}

@Controller('api/forgotten')
class UndeclaredController {
  @Post()
  act() {}
}

describe('the access declarations checked at start-up', () => {
  it('accepts a public route that allows cross-site requests', () => {
    expect(() => checkAtStartUp(PaymentWebhookController)).not.toThrow();
  });

  it('refuses a signed-in route that allows cross-site requests', () => {
    expect(() => checkAtStartUp(PaymentWebhookController, AdminCrossSiteController)).toThrow(
      /@AllowCrossSite\(\) must be @Access\('public'\): AdminCrossSiteController\.create/,
    );
  });

  it('refuses a route without @Access', () => {
    expect(() => checkAtStartUp(UndeclaredController)).toThrow(/without @Access/);
  });
});
