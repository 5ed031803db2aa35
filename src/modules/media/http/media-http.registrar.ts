import { mkdir } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../contracts/errors.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { STORED_NAME } from '../domain/media-name.js';
import { uploadsDir } from '../storage/local-media-store.js';
import { MULTIPART_PATHS, UPLOADS_PREFIX } from './media-routes.js';
import { mediaHeaders, UploadsRoute } from './uploads.route.js';

const NOT_JSON: ErrorBody = {
  statusCode: 415,
  error: 'Unsupported Media Type',
  message: 'Content-Type must be application/json',
};

/**
 * The HTTP side of media that Nest's router does not do, registered by the module itself at start-up:
 * - multipart bodies, for the upload routes only (MULTIPART_PATHS). @fastify/multipart adds a parser for them to every
 *   route (one that reads nothing until a handler asks), so any other route that gets one answers 415
 *   as before, instead of running with no body;
 * - GET /uploads/<name> from the uploads directory (STORAGE_DRIVER=local without MEDIA_PUBLIC_URL;
 *   else UploadsRoute serves it): wildcard, since files appear at runtime; only names this module
 *   gives (others are 404); cached for good, since a name is its content's hash; SVGs with a
 *   Content-Security-Policy that forbids scripts and loads.
 */
@Injectable()
export class MediaHttpRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    const { config } = this;

    await fastify.register(fastifyMultipart, {
      // Each route reads its body with its own size limit (readUploadedFile).
      limits: {
        fileSize: Math.max(config.UPLOADS_MAX_BYTES, config.ORDER_FILE_MAX_BYTES),
        files: 1,
        fields: 0,
        parts: 1,
      },
    });
    // A callback hook, not an async one: it runs on every request, hot paths included.
    fastify.addHook('preValidation', (request, reply, done) => {
      const refused =
        request.isMultipart() &&
        !(request.method === 'POST' && MULTIPART_PATHS.has(request.routeOptions.url ?? ''));
      if (!refused) return done();
      void reply.code(415).header('cache-control', 'no-store').send(NOT_JSON);
    });

    if (UploadsRoute.serves(config)) return;
    const root = uploadsDir(config);
    try {
      await mkdir(root, { recursive: true });
    } catch (error) {
      // Not fatal: the rest of the site works; uploads fail (logged) until the directory is writable.
      fastify.log.error({ err: error, directory: root }, 'The uploads directory cannot be created');
    }
    await fastify.register(fastifyStatic, {
      // A missing directory (logged above) serves 404s until the first upload creates it.
      suppressWarning: true,
      root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      wildcard: true,
      index: false,
      serveDotFiles: false,
      allowedPath: (pathname) => STORED_NAME.test(pathname.replace(/^\//, '')),
      cacheControl: true,
      maxAge: '365d',
      immutable: true,
      setHeaders: (reply, filePath) => mediaHeaders(reply, filePath),
    });
  }
}
