import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../contracts/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a browser sends for a page of this site, as the Host header names it. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing API requests that a browser sends from another site (CSRF). A browser sends
 * Origin on every cross-origin request that can change state; it must name this host (as the request
 * reached it) or the public URL. Without Origin, `Sec-Fetch-Site: cross-site` is refused too. Requests
 * with neither come from non-browser clients, which carry no victim's cookies.
 */
export function registerSameOriginCheck(fastify: FastifyInstance, publicUrl: string): void {
  const publicHost = new URL(publicUrl).host;
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const allowed =
      origin !== undefined
        ? origin !== 'null' && [request.headers.host, publicHost].includes(originHost(origin))
        : fetchSite !== 'cross-site';
    if (allowed) return;
    const body: ErrorBody = {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Cross-origin request refused',
    };
    return reply.code(403).header('cache-control', 'no-store').send(body);
  });
}
