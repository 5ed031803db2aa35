import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { IndexNowConfig } from '../domain/indexnow-config.js';

/**
 * The IndexNow key file, `/{key}.txt`: the key as plain text, which search engines fetch to trust a
 * submission. Another `/<name>.txt` (the static files such as robots.txt have routes of their own)
 * is a plain 404: the key is read from the database at start-up, after the routes are declared.
 */
@Injectable()
export class IndexNowKeyRoutes extends RawRouteSet {
  constructor(private readonly indexNow: IndexNowConfig) {
    super();
  }

  routes() {
    return [
      rawRoute<{ key: string }>({
        method: 'GET',
        path: '/:key.txt',
        access: 'public',
        params: z.object({ key: z.string().max(200) }),
        docs: {
          operationId: 'indexNowKey',
          tags: ['seo'],
          summary: 'The IndexNow key file: the key, proving the submissions are the site’s',
          responses: {
            200: {
              description: 'The key',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
            404: { description: 'Not the key' },
          },
        },
        handler: async (request, reply) => {
          const { key } = this.indexNow;
          if (request.params.key !== key) {
            return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
          }
          return reply
            .type('text/plain; charset=utf-8')
            .header('cache-control', 'public, max-age=3600')
            .send(key);
        },
      }),
    ];
  }
}
