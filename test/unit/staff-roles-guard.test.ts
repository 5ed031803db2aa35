/**
 * The access guard with staff roles (src/modules/identity/http/access.guard.ts and authorizer.ts):
 * a route names the staff roles that may call it, and the guard answers 401 signed out, 403 for any
 * other role, and lets the named roles through. The sessions are stand-ins for the session store:
 * what is checked here is the decision, not how a cookie becomes an account.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import {
  Controller,
  type ExecutionContext,
  ForbiddenException,
  Get,
  Post,
  UnauthorizedException,
} from '@nestjs/common';
import { type DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_ROLES, type AccountRole } from '../../src/contracts/identity.js';
import { Access, accessExtension, readsEveryOrder, STAFF } from '../../src/platform/auth/access.js';
import { AccessGuard } from '../../src/modules/identity/http/access.guard.js';
import { Authorizer } from '../../src/modules/identity/http/authorizer.js';
import type { SessionCookie } from '../../src/modules/identity/sessions/session-cookie.js';
import type { SessionStore } from '../../src/modules/identity/sessions/session-store.js';

/** Where @nestjs/swagger keeps an operation's extensions (its `DECORATORS.API_EXTENSION`). */
const SWAGGER_EXTENSIONS = 'swagger/apiExtension';

@Controller('api/admin/things')
class ThingsController {
  @Get()
  @Access(STAFF.orders)
  listOrders() {}

  @Post()
  @Access(STAFF.content)
  editContent() {}

  @Post('refund')
  @Access('admin')
  refund() {}

  @Get('mine')
  @Access('customer')
  mine() {}
}

const accountOf = (role: AccountRole) => ({
  id: '11111111-1111-4111-8111-111111111111',
  email: `${role}@example.test`,
  emailVerified: true,
  isAdmin: role === 'admin',
  role,
  hasPassword: true,
  googleLinked: false,
  twoFactorEnabled: false,
  twoFactorRequired: false,
  createdAt: '2026-11-26T10:00:00.000Z',
});

/** A guard whose cookie names the role of the session (no cookie: signed out). */
function guard(): AccessGuard {
  const cookie = { read: (request: FastifyRequest) => request.headers.cookie } as SessionCookie;
  const sessions = {
    resolve: (token: string) =>
      Promise.resolve({ sessionId: 's', account: accountOf(token as AccountRole) }),
  } as unknown as SessionStore;
  const discovery = { getControllers: () => [] } as unknown as DiscoveryService;
  return new AccessGuard(
    new Reflector(),
    discovery,
    new MetadataScanner(),
    new Authorizer(sessions, cookie),
  );
}

/** What the guard answers a role (undefined: signed out) calling a method of ThingsController. */
async function answer(role: AccountRole | undefined, method: keyof ThingsController) {
  const request = { headers: role ? { cookie: role } : {} } as FastifyRequest;
  const context = {
    getHandler: () => ThingsController.prototype[method],
    getClass: () => ThingsController,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  try {
    await guard().canActivate(context);
    return request.auth?.account.role === role ? 'allowed' : 'wrong account';
  } catch (error) {
    if (error instanceof UnauthorizedException) return 401;
    if (error instanceof ForbiddenException) return 403;
    throw error;
  }
}

describe('the access guard with staff roles', () => {
  const expected: Record<keyof ThingsController, Record<AccountRole | 'anonymous', unknown>> = {
    listOrders: {
      anonymous: 401,
      customer: 403,
      support: 'allowed',
      editor: 403,
      admin: 'allowed',
    },
    editContent: {
      anonymous: 401,
      customer: 403,
      support: 403,
      editor: 'allowed',
      admin: 'allowed',
    },
    refund: { anonymous: 401, customer: 403, support: 403, editor: 403, admin: 'allowed' },
    mine: {
      anonymous: 401,
      customer: 'allowed',
      support: 'allowed',
      editor: 'allowed',
      admin: 'allowed',
    },
  };

  for (const method of Object.keys(expected) as (keyof ThingsController)[]) {
    it(`${method}: each role gets what the route declares`, async () => {
      const answers: Record<string, unknown> = { anonymous: await answer(undefined, method) };
      for (const role of ACCOUNT_ROLES) answers[role] = await answer(role, method);
      expect(answers).toStrictEqual(expected[method]);
    });
  }

  it('refuses a staff route that leaves out the admins', () => {
    expect(() => Access(['editor'])).toThrow(/admits admins/);
  });

  it('documents the roles as x-access: one role by name, several as a list', () => {
    const extension = (method: keyof ThingsController) =>
      (
        Reflect.getMetadata(SWAGGER_EXTENSIONS, ThingsController.prototype[method]) as
          Record<string, unknown> | undefined
      )?.['x-access'];
    expect(extension('refund')).toBe('admin');
    expect(extension('listOrders')).toStrictEqual(['admin', 'support']);
    expect(extension('editContent')).toStrictEqual(['admin', 'editor']);
    expect(extension('mine')).toBe('customer');
    expect(accessExtension('public')).toBe('public');
  });

  it('lets support and admins, not editors or customers, read every order', () => {
    expect(ACCOUNT_ROLES.filter((role) => readsEveryOrder(accountOf(role)))).toStrictEqual([
      'admin',
      'support',
    ]);
  });
});
