import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ContentCache } from './content-cache.js';

export const CONTENT_PATH = '/api/content';

/**
 * GET /api/content as a plain Fastify route: every page view asks for it and it is served from memory,
 * so it skips Nest's router and (flagged hotPath) the request log line and the database context. It
 * takes no input but If-None-Match. Documented in OpenAPI by content.openapi.ts.
 */
@Injectable()
export class GetContentRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly cache: ContentCache,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    fastify.get(CONTENT_PATH, { config: { hotPath: true } }, async (request, reply) => {
      const { body, etag } = await this.cache.get();
      void reply.header('etag', etag).header('cache-control', 'no-cache');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
        return reply.code(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
}
