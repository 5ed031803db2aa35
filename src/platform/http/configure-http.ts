import { existsSync } from 'node:fs';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { webAppDir } from './web-app-dir.js';

/** Security headers, built SPA assets, OpenAPI and Fastify-level errors in the API's error body. */
export async function configureHttp(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube.com'],
        formAction: ["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
      },
    },
  });

  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // The API speaks JSON only: other bodies get 415 instead of reaching a handler as a string.
  fastify.removeContentTypeParser(['text/plain']);

  if (existsSync(webAppDir)) {
    // One route per built file (no wildcard), so the SPA fallback route can answer everything else.
    await app.register(fastifyStatic, {
      root: webAppDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        if (filePath.includes('/assets/')) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('SEO Agency API')
      .setDescription('Public, customer and admin API of the SEO agency site.')
      .setVersion('1.0')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
