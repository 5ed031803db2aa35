/**
 * The cross-site check of unsafe requests (src/platform/http/same-origin.hook.ts) on a Fastify instance
 * and on a small Nest application: decided on the routed request whatever the target's spelling, for
 * every method but GET/HEAD/OPTIONS, unmatched requests included; exempt only where a route says so
 * (Fastify route config, or @AllowCrossSite() on a Nest route, which also documents it).
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module, Post, Put } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { AllowCrossSite, CROSS_SITE_ALLOWED } from '../../src/platform/http/cross-site.js';
import { registerSameOriginCheck } from '../../src/platform/http/same-origin.hook.js';
import { rawHttpRequest } from '../support/raw-http.js';

const PUBLIC_URL = 'https://agency.example';
const EVIL = 'http://evil.example';

describe('the cross-site check on a Fastify instance', () => {
  let fastify: FastifyInstance;
  let port: number;
  /** Handler runs, per route: a refused request must run none. */
  const calls: string[] = [];

  beforeAll(async () => {
    fastify = Fastify();
    registerSameOriginCheck(fastify, PUBLIC_URL);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      fastify.route({
        method,
        url: '/api/things/:id',
        handler: async () => {
          calls.push(`${method} things`);
          return { ok: true };
        },
      });
    }
    fastify.get('/api/things/:id', async () => ({ ok: true }));
    fastify.post('/api/webhook', { config: CROSS_SITE_ALLOWED }, async () => {
      calls.push('POST webhook');
      return { ok: true };
    });
    fastify.post('/outside-api', async () => {
      calls.push('POST outside');
      return { ok: true };
    });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (fastify.server.address() as AddressInfo).port;
  });

  afterAll(() => fastify.close());

  const send = (method: string, target: string, headers: Record<string, string> = {}) =>
    rawHttpRequest(port, { method, target, headers });

  it('refuses every unsafe method from another origin, however the target is spelled', async () => {
    const spellings = [
      '/api/things/1',
      '/%61pi/things/1',
      '/api/%74hings/1',
      '/api/things/1?x=1',
      `http://127.0.0.1:${port}/api/things/1`,
      'http://evil.example/api/things/1',
    ];
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const target of spellings) {
        const response = await send(method, target, { origin: EVIL });
        expect(response.status).toBe(403);
        expect(JSON.parse(response.body).message).toBe('Cross-origin request refused');
      }
    }
    expect(calls).toStrictEqual([]);
  });

  it('refuses unsafe requests that no route matches, and outside /api', async () => {
    for (const target of ['/nowhere', '/api/nowhere', '//api/things/1', '/outside-api']) {
      const response = await send('POST', target, { origin: EVIL });
      expect(response.status).toBe(403);
    }
    expect(calls).toStrictEqual([]);
  });

  it('refuses Sec-Fetch-Site: cross-site without Origin, and an opaque or garbled Origin', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'not a url' },
      { origin: EVIL, 'sec-fetch-site': 'same-origin' },
      { origin: 'https://agency.example.evil.example' },
    ]) {
      const response = await send('POST', '/%61pi/things/1', headers);
      expect(response.status).toBe(403);
    }
    expect(calls).toStrictEqual([]);
  });

  it('lets safe methods through from anywhere', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const response = await send(method, '/api/things/1', { origin: EVIL });
      expect(response.status).not.toBe(403);
    }
  });

  it('accepts this site: Origin naming the Host or the public URL, or a non-browser client', async () => {
    calls.length = 0;
    for (const headers of <Record<string, string>[]>[
      { origin: `http://127.0.0.1:${port}` },
      { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      {},
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await send('POST', '/api/things/1', headers);
      expect(response.status).toBe(200);
    }
    expect(calls).toHaveLength(4);
  });

  it('exempts only a matched route whose config allows cross-site requests', async () => {
    calls.length = 0;
    for (const target of [
      '/api/webhook',
      '/%61pi/webhook',
      `http://127.0.0.1:${port}/api/webhook`,
    ]) {
      const response = await send('POST', target, { origin: EVIL });
      expect(response.status).toBe(200);
    }
    expect(calls).toStrictEqual(['POST webhook', 'POST webhook', 'POST webhook']);
    // Another method or a longer path is not the exempt route.
    expect((await send('PUT', '/api/webhook', { origin: EVIL })).status).toBe(403);
    expect((await send('POST', '/api/webhook/x', { origin: EVIL })).status).toBe(403);
  });
});

@Controller('api/nest')
class NestRoutesController {
  @Post('webhook')
  @AllowCrossSite()
  webhook() {
    return { received: true };
  }

  @Put('thing')
  thing() {
    return { changed: true };
  }
}

@Module({ controllers: [NestRoutesController] })
class NestRoutesModule {}

describe('@AllowCrossSite() on a Nest route', () => {
  let app: NestFastifyApplication;
  let port: number;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(NestRoutesModule, new FastifyAdapter(), {
      logger: false,
    });
    registerSameOriginCheck(app.getHttpAdapter().getInstance(), PUBLIC_URL);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(() => app.close());

  it('exempts that route and no other', async () => {
    const webhook = await rawHttpRequest(port, {
      method: 'POST',
      target: '/api/nest/webhook',
      headers: { origin: EVIL },
    });
    expect(webhook.status).toBe(201);
    for (const target of ['/api/nest/thing', '/%61pi/nest/thing']) {
      const refused = await rawHttpRequest(port, {
        method: 'PUT',
        target,
        headers: { origin: EVIL },
      });
      expect(refused.status).toBe(403);
    }
  });

  it('shows the exemption as x-cross-site: allowed in the OpenAPI document', () => {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    const extension = (operation: object | undefined) =>
      (operation as Record<string, unknown> | undefined)?.['x-cross-site'];
    expect(extension(document.paths['/api/nest/webhook']?.post)).toBe('allowed');
    expect(extension(document.paths['/api/nest/thing']?.put)).toBe(undefined);
  });
});
