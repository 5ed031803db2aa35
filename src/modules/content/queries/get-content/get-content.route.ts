import { Injectable } from '@nestjs/common';
import { contentSnapshotSchema } from '../../../../contracts/content/index.js';
import { rawRoute } from '../../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../../platform/http/raw-routes/raw-route-set.js';
import { ContentCache } from './content-cache.js';

export const CONTENT_PATH = '/api/content';

/**
 * GET /api/content as a raw route: every page view asks for it and it is served from memory, so it
 * skips Nest's router and (hotPath) the request log line and the database context. It takes no
 * input but If-None-Match.
 */
@Injectable()
export class GetContentRoute extends RawRouteSet {
  constructor(private readonly cache: ContentCache) {
    super();
  }

  routes() {
    return [
      rawRoute({
        method: 'GET',
        path: CONTENT_PATH,
        access: 'public',
        hotPath: true,
        docs: {
          operationId: 'getContent',
          tags: ['content'],
          summary: 'Every section of the site in one answer (cached; ETag / If-None-Match → 304)',
          headers: [{ name: 'if-none-match', schema: { type: 'string' } }],
          responses: {
            200: { description: 'The snapshot', json: contentSnapshotSchema },
            304: 'Unchanged since the ETag given',
          },
        },
        handler: async (request, reply) => {
          const { body, etag } = await this.cache.get();
          void reply.header('etag', etag).header('cache-control', 'no-cache');
          const ifNoneMatch = request.headers['if-none-match'];
          if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
            return reply.code(304).send();
          }
          return reply.type('application/json; charset=utf-8').send(body);
        },
      }),
    ];
  }
}
