import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { STORED_NAME } from '../domain/media-name.js';
import { MEDIA_STORE, type MediaStore } from '../storage/media-store.js';
import { UPLOADS_PREFIX } from './media-routes.js';

/** An SVG opened on its own can run nothing, load nothing and is sandboxed like a foreign page. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** A stored name never changes content (it is its hash): cached for good, by browsers and CDNs. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** How long a redirect to MEDIA_PUBLIC_URL is kept: a day, so that the setting can still change. */
const REDIRECT_CACHE = 'public, max-age=86400';

/** The headers every served media file has, whoever serves it. */
export function mediaHeaders(reply: FastifyReply, name: string): void {
  void reply.header('x-content-type-options', 'nosniff');
  if (name.endsWith('.svg')) void reply.header('content-security-policy', SVG_CSP);
}

/**
 * GET /uploads/<name> when the local uploads directory is not what serves it (the registrar serves
 * that one statically):
 * - MEDIA_PUBLIC_URL set: a 308 to MEDIA_PUBLIC_URL/<name> (a CDN or the bucket's public origin).
 *   Stored content keeps its /uploads/ URLs, so the setting can change at any time;
 * - else with STORAGE_DRIVER=s3: the object streamed from the bucket with the same headers as the
 *   static files (immutable caching, nosniff, the SVG CSP). An outage of the bucket is a 503 with
 *   Retry-After (the API's error filter), never a 500.
 * Names this module does not give are 404s, as before.
 */
@Injectable()
export class UploadsRoute extends RawRouteSet {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {
    super();
  }

  /** Whether this route serves /uploads/ (else the registrar serves the local directory). */
  static serves(config: Pick<AppConfig, 'STORAGE_DRIVER' | 'MEDIA_PUBLIC_URL'>): boolean {
    return config.STORAGE_DRIVER !== 'local' || config.MEDIA_PUBLIC_URL !== undefined;
  }

  routes() {
    if (!UploadsRoute.serves(this.config)) return [];
    return [
      rawRoute({
        access: 'public',
        method: 'GET',
        path: `${UPLOADS_PREFIX}*`,
        docs: { undocumented: 'uploaded media files, not part of the API' },
        handler: (request, reply) => this.serve(request, reply),
      }),
    ];
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const name = (request.params as { '*'?: string })['*'] ?? '';
    if (!STORED_NAME.test(name)) return reply.callNotFound();
    const publicUrl = this.config.MEDIA_PUBLIC_URL;
    if (publicUrl !== undefined) {
      return reply.header('cache-control', REDIRECT_CACHE).redirect(`${publicUrl}/${name}`, 308);
    }
    const object = await this.store.get('public', name);
    if (!object) return reply.callNotFound();
    mediaHeaders(reply, name);
    return reply
      .header('cache-control', IMMUTABLE)
      .header('content-length', String(object.size))
      .type(object.contentType)
      .send(object.body);
  }
}
