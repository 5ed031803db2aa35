import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE_SECURITY } from '../auth/access.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { registerRequestContext } from '../database/request-context.hook.js';
import { registerResponseCompression } from './response-compression.js';
import { addRawRoutesTo } from './raw-routes/raw-route-openapi.js';
import { RawRouteRegistrar } from './raw-routes/raw-route-registrar.js';
import { registerSameOriginCheck } from './same-origin.hook.js';
import { htmlSecurityHeaders } from './html-security-headers.js';
import { registerWebAssets } from './web-assets.js';
import { webAppDir } from './web-app-dir.js';

const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Whether the matched route is one of the JSON API's, decided on the route and not on the target's
 * spelling: `/api/%64ocs` is the docs' HTML and needs its CSP. Unmatched requests and the SPA fallback
 * get the full set.
 */
function isJsonApi(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && route.startsWith('/api/') && !route.startsWith('/api/docs');
}

/** Request context, the same-origin check, cookies, security headers, request ids, the built SPA's assets, response compression and the OpenAPI documents. */
export async function configureHttp(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const { PUBLIC_URL } = app.get<AppConfig>(APP_CONFIG);
  registerRequestContext(fastify, app.get(MikroORM));
  const setHtmlSecurityHeaders = htmlSecurityHeaders(PUBLIC_URL);

  // Helmet's full set (CSP and all) protects HTML documents: the SPA and the API docs. JSON answers get
  // the short constant set OWASP recommends for REST APIs, which keeps hot API responses small.
  // A callback hook, not an async one: it runs on every request, hot paths included, and JSON answers
  // (most of them) need no wait.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    if (isJsonApi(request)) {
      void reply.headers(API_SECURITY_HEADERS);
      return done();
    }
    setHtmlSecurityHeaders(request.raw, reply.raw, () => done());
  });

  registerSameOriginCheck(fastify, PUBLIC_URL);
  // Cookies are parsed when read (see cookies.ts), not on every request.
  await app.register(fastifyCookie, { hook: false });

  // The API speaks JSON only: other bodies get 415 instead of reaching a handler.
  fastify.removeContentTypeParser(['text/plain']);

  // The built files first: they are precompressed, and the compression hooks only the routes after it.
  if (existsSync(webAppDir)) await registerWebAssets(app, webAppDir);
  await registerResponseCompression(app);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('SEO Agency API')
      .setDescription('Public, customer and admin API of the SEO agency site.')
      .setVersion('1.0')
      .addCookieAuth('sid', { type: 'apiKey', in: 'cookie', name: 'sid' }, SESSION_COOKIE_SECURITY)
      .build(),
  );
  // The raw routes, which Nest's scanner cannot see, from the declarations their registrar serves.
  const rawRoutes = app.get(RawRouteRegistrar);
  addRawRoutesTo(document, rawRoutes.routes(), rawRoutes.mounts());
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
