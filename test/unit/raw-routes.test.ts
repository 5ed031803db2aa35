/**
 * Raw routes (src/platform/http/raw-routes): declared once, served by the one registrar with their
 * access and input checks, and documented in OpenAPI from the same declaration. On a small Nest
 * application with the API's exception filter, validation pipe and cross-site check, next to a Nest
 * controller taking the same input, so that "answered as Nest answers" is compared, not assumed.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Body,
  ConflictException,
  Controller,
  Injectable,
  Module,
  Post,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_FILTER, APP_PIPE, DiscoveryModule, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { Access, type AccessLevel } from '../../src/platform/auth/access.js';
import { RequestAuthorizer } from '../../src/platform/auth/request-authorizer.js';
import { ErrorBodyFilter } from '../../src/platform/http/error-body.filter.js';
import { addRawRoutesTo } from '../../src/platform/http/raw-routes/raw-route-openapi.js';
import { RawRouteRegistrar } from '../../src/platform/http/raw-routes/raw-route-registrar.js';
import { RawRouteSet } from '../../src/platform/http/raw-routes/raw-route-set.js';
import { type RawRoute, rawRoute } from '../../src/platform/http/raw-routes/raw-route.js';
import { registerSameOriginCheck } from '../../src/platform/http/same-origin.hook.js';
import { schemaValidationPipe } from '../../src/platform/http/validation.js';
import { operationsOf } from '../support/openapi.js';
import { rawHttpRequest } from '../support/raw-http.js';

const PUBLIC_URL = 'https://agency.example';
const EVIL = 'http://evil.example';
const ADMIN_COOKIE = 'sid=admin';

const thingSchema = z.strictObject({
  name: z.string().min(1, { error: 'Name is required' }),
  count: z.number().int().min(1),
});

/** Handler runs per route: a refused request runs none. */
const calls: string[] = [];

/** Signed in as an admin with the cookie above; otherwise signed out. */
class CookieAuthorizer extends RequestAuthorizer {
  async authorize(request: FastifyRequest, level: AccessLevel) {
    if (level === 'public') return undefined;
    if (request.headers.cookie !== ADMIN_COOKIE) {
      throw new UnauthorizedException('Please log in to continue.');
    }
    return undefined;
  }
}

const probe = (_request: unknown, reply: { send(body: string): unknown }) => reply.send('ok');

@Injectable()
class ThingRoutes extends RawRouteSet {
  routes(): readonly RawRoute[] {
    const docs = (operationId: string) => ({
      operationId,
      tags: ['things'],
      summary: operationId,
      responses: { 200: 'Done' },
    });
    return [
      rawRoute({
        method: 'GET',
        path: '/api/probe',
        access: 'public',
        docs: docs('probe'),
        handler: probe,
      }),
      rawRoute({
        method: 'POST',
        path: '/api/things/:id',
        access: 'admin',
        params: z.object({ id: z.uuid({ error: 'Not a record id' }) }),
        query: z.object({ dryRun: z.enum(['yes', 'no']).optional() }),
        body: { mode: 'json', schema: thingSchema },
        docs: docs('saveThing'),
        handler: (request) => {
          calls.push('POST things');
          if (request.body.name === 'taken') throw new ConflictException('That name is taken');
          if (request.body.name === 'crash') throw new Error('database password is hunter2');
          return { id: request.params.id, name: request.body.name, dryRun: request.query.dryRun };
        },
      }),
      rawRoute({
        method: 'POST',
        path: '/api/hook',
        access: 'public',
        crossSite: { reason: 'a provider posts it from its servers' },
        body: { mode: 'raw', types: ['application/json'], limit: 64 },
        docs: docs('hook'),
        handler: (request, reply) => {
          calls.push('POST hook');
          return reply.send({ bytes: Buffer.isBuffer(request.body) ? request.body.length : -1 });
        },
      }),
      rawRoute({
        method: 'POST',
        path: '/api/form',
        access: 'public',
        body: { mode: 'form', schema: z.object({ email: z.email() }), limit: 1024 },
        docs: docs('form'),
        handler: (request) => ({ email: request.body.email }),
      }),
      rawRoute({
        method: 'GET',
        path: '/api/scrape',
        access: {
          token: 'operator',
          presented: (request) => request.headers.authorization === 'Bearer t',
        },
        docs: docs('scrape'),
        handler: () => ({ scraped: true }),
      }),
      rawRoute({
        method: 'GET',
        path: '/outside',
        access: 'public',
        docs: { undocumented: 'a page of the web app, not the API' },
        handler: () => 'page',
      }),
    ];
  }
}

@Controller('api/nest-things')
class NestThingsController {
  @Post()
  @Access('public')
  save(@Body({ schema: thingSchema }) body: z.infer<typeof thingSchema>) {
    if (body.name === 'taken') throw new ConflictException('That name is taken');
    if (body.name === 'crash') throw new Error('database password is hunter2');
    return body;
  }
}

@Module({
  imports: [DiscoveryModule],
  controllers: [NestThingsController],
  providers: [
    ThingRoutes,
    ErrorBodyFilter,
    { provide: APP_FILTER, useExisting: ErrorBodyFilter },
    { provide: APP_PIPE, useValue: schemaValidationPipe },
    { provide: RequestAuthorizer, useClass: CookieAuthorizer },
    RawRouteRegistrar,
  ],
})
class RawRoutesTestModule {}

describe('raw routes', () => {
  let app: NestFastifyApplication;
  let port: number;
  let document: OpenAPIObject;
  /** Every route Fastify registered, as it was given. */
  const registered: RouteOptions[] = [];

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(
      RawRoutesTestModule,
      new FastifyAdapter(),
      { logger: false, bodyParser: false },
    );
    const fastify = app.getHttpAdapter().getInstance();
    fastify.addHook('onRoute', (options) => void registered.push(options));
    registerSameOriginCheck(fastify, PUBLIC_URL);
    document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    addRawRoutesTo(document, app.get(RawRouteRegistrar).routes());
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(() => app.close());

  const send = (
    method: string,
    target: string,
    { headers = {}, json }: { headers?: Record<string, string>; json?: unknown } = {},
  ) =>
    rawHttpRequest(port, {
      method,
      target,
      headers: {
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: ADMIN_COOKIE,
        ...headers,
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  const thingPath = '/api/things/3f1e8a0c-7b2d-4c5e-9f6a-1b2c3d4e5f60';

  it('documents every registered raw route with its access, and only those said to be undocumented are left out', () => {
    const raw = app.get(RawRouteRegistrar).routes();
    const byFastify = registered
      .filter((options) => options.method !== 'HEAD')
      .map((options) => `${String(options.method)} ${options.url}`);
    const documented = new Map(
      operationsOf(document).map((op) => [`${op.method} ${op.path}`, op.access]),
    );
    for (const route of raw) {
      const label = `${route.method} ${route.path}`;
      // Served (a failure names the route).
      expect(byFastify).toContain(label);
      const access = documented.get(label.replace(/:(\w+)/g, '{$1}'));
      if ('undocumented' in route.docs)
        expect({ [label]: access }).toStrictEqual({ [label]: undefined });
      else expect({ [label]: access }).toStrictEqual({ [label]: expect.any(String) });
    }
    expect(documented.get('POST /api/things/{id}')).toBe('admin');
    expect(documented.get('GET /api/scrape')).toBe('operator');
    expect(documented.get('POST /api/hook')).toBe('public');
    const hook = document.paths['/api/hook']?.post as unknown as Record<string, unknown>;
    expect(hook['x-cross-site']).toBe('allowed');
    const save = document.paths['/api/things/{id}']?.post as unknown as Record<string, unknown>;
    expect(Object.keys(save.responses as object)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
    expect(save.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'dryRun', in: 'query', required: false }),
    ]);
  });

  it('serves a public route without schemas with its own handler, nothing around it', () => {
    const served = registered.find(
      (options) => options.url === '/api/probe' && options.method === 'GET',
    );
    expect(served?.handler).toBe(probe);
    expect(served?.onRequest ?? served?.preHandler).toBeUndefined();
  });

  it('checks access before the input: 401 signed out whatever the body, and the token route hides', async () => {
    const signedOut = await send('POST', thingPath, { headers: { cookie: '' }, json: {} });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json).toStrictEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please log in to continue.',
    });
    expect((await send('GET', '/api/scrape')).status).toBe(404);
    expect((await send('GET', '/api/scrape')).json).toMatchObject({ statusCode: 404 });
    expect(
      (await send('GET', '/api/scrape', { headers: { authorization: 'Bearer t' } })).json,
    ).toStrictEqual({
      scraped: true,
    });
  });

  it('answers a zod failure with 400 naming the field, as a Nest route does', async () => {
    const raw = await send('POST', thingPath, { json: { name: '', count: 1 } });
    const nest = await send('POST', '/api/nest-things', { json: { name: '', count: 1 } });
    expect(raw.status).toBe(400);
    expect(raw.json).toStrictEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'name: Name is required',
      fields: { name: 'Name is required' },
    });
    expect(raw.json).toStrictEqual(nest.json);
    expect(raw.headers['cache-control']).toBe(nest.headers['cache-control']);

    const badId = await send('POST', '/api/things/42', { json: { name: 'a', count: 1 } });
    expect(badId.status).toBe(400);
    expect(badId.json).toMatchObject({ fields: { id: 'Not a record id' } });
    const badQuery = await send('POST', `${thingPath}?dryRun=maybe`, {
      json: { name: 'a', count: 1 },
    });
    expect(badQuery.status).toBe(400);
    expect(badQuery.json).toMatchObject({ fields: { dryRun: expect.any(String) } });
    const badForm = await rawHttpRequest(port, {
      method: 'POST',
      target: '/api/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=nope',
    });
    expect(badForm.status).toBe(400);
    expect(badForm.json).toMatchObject({ fields: { email: expect.any(String) } });
  });

  it('answers what a handler throws and what Fastify refuses exactly as a Nest route answers it', async () => {
    for (const name of ['taken', 'crash']) {
      const raw = await send('POST', thingPath, { json: { name, count: 1 } });
      const nest = await send('POST', '/api/nest-things', { json: { name, count: 1 } });
      expect({ name, status: raw.status, body: raw.json }).toStrictEqual({
        name,
        status: nest.status,
        body: nest.json,
      });
      expect(raw.headers['cache-control']).toBe('no-store');
    }
    const malformed = await rawHttpRequest(port, {
      method: 'POST',
      target: thingPath,
      headers: { 'content-type': 'application/json', cookie: ADMIN_COOKIE },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toStrictEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Request body is not valid JSON',
    });
    const tooLarge = await rawHttpRequest(port, {
      method: 'POST',
      target: '/api/hook',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(100) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toStrictEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });

  it('serves the validated input to the handler, and a raw body as its bytes', async () => {
    const saved = await send('POST', `${thingPath}?dryRun=yes`, { json: { name: 'a', count: 2 } });
    expect(saved.json).toStrictEqual({ id: thingPath.split('/').pop(), name: 'a', dryRun: 'yes' });
    const hook = await send('POST', '/api/hook', { json: { a: 1 } });
    expect(hook.json).toStrictEqual({ bytes: 7 });
  });

  it('refuses an unsafe raw route cross-site however its path is spelled, and exempts only the declared one', async () => {
    calls.length = 0;
    const spellings = [
      thingPath,
      thingPath.toUpperCase(),
      thingPath.replace('/api/', '/API/'),
      `/${thingPath}`,
      thingPath.replace('/things/', '//things/'),
      `${thingPath}/`,
      thingPath.replace('/api/', '/%61pi/'),
      thingPath.replace('/things/', '/%74hings/'),
      `http://127.0.0.1:${port}${thingPath}`,
    ];
    for (const target of spellings) {
      const refused = await send('POST', target, {
        headers: { origin: EVIL },
        json: { name: 'a', count: 1 },
      });
      expect({ target, status: refused.status }).toStrictEqual({ target, status: 403 });
    }
    for (const target of ['/API/hook', '//api/hook', '/api/hook/', '/api//hook']) {
      const refused = await send('POST', target, { headers: { origin: EVIL }, json: {} });
      expect({ target, status: refused.status }).toStrictEqual({ target, status: 403 });
    }
    expect(calls).toStrictEqual([]);
    for (const target of ['/api/hook', '/%61pi/hook', `http://127.0.0.1:${port}/api/hook`]) {
      const accepted = await send('POST', target, { headers: { origin: EVIL }, json: {} });
      expect({ target, status: accepted.status }).toStrictEqual({ target, status: 200 });
    }
    expect(calls).toStrictEqual(['POST hook', 'POST hook', 'POST hook']);
  });

  it('does not compile a route without access, or a signed-in route exempt from the cross-site check', () => {
    const docs = { undocumented: 'a type test' };
    // @ts-expect-error: access must be declared
    const undeclared = rawRoute({ method: 'GET', path: '/a', docs, handler: () => 'a' });
    // @ts-expect-error: only a public route may take cross-site requests
    const exempt = rawRoute({
      method: 'POST',
      path: '/b',
      access: 'admin',
      crossSite: { reason: 'none' },
      docs,
      handler: () => 'b',
    });
    // typecheck (npm run typecheck) is the test; these only keep the values used.
    expect([undeclared.path, exempt.path]).toStrictEqual(['/a', '/b']);
  });

  it('refuses at start-up a cross-site exemption on a route that is not public', () => {
    const route = {
      method: 'POST',
      path: '/api/admin-hook',
      access: 'admin',
      crossSite: { reason: 'none' },
      docs: { undocumented: 'test' },
      handler: () => undefined,
    } as unknown as RawRoute;
    const registrar = new RawRouteRegistrar(
      {} as never,
      { getProviders: () => [{ instance: { routes: () => [route] } }] } as never,
      {} as never,
      {} as never,
    );
    // Not a RawRouteSet: found by nothing, so nothing to refuse.
    expect(registrar.routes()).toStrictEqual([]);
    class AdminHook extends RawRouteSet {
      routes = () => [route];
    }
    const refusing = new RawRouteRegistrar(
      {} as never,
      { getProviders: () => [{ instance: new AdminHook() }] } as never,
      {} as never,
      {} as never,
    );
    expect(() => refusing.routes()).toThrow(/must be public: POST \/api\/admin-hook/);
  });
});
