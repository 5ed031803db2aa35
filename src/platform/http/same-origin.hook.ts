import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../contracts/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const REFUSED: ErrorBody = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Cross-origin request refused',
};

/** The host an Origin header names, when it is a URL. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser sent the request from a page of this site: Origin (sent on every cross-origin
 * request that can change state) names this host as the request reached it, or the public URL's.
 * Without Origin, only `Sec-Fetch-Site: cross-site` is refused: requests with neither come from
 * non-browser clients, which carry no victim's cookies.
 */
function isSameSite(headers: IncomingHttpHeaders, publicHost: string): boolean {
  const { origin, host } = headers;
  if (origin === undefined) return headers['sec-fetch-site'] !== 'cross-site';
  const from = originHost(origin);
  return from !== undefined && (from === host || from === publicHost);
}

/**
 * Refuses unsafe requests (every method but GET, HEAD and OPTIONS) that a browser sends from another
 * site (CSRF), with 403. The decision is taken on the routed request, never on the target's spelling:
 * `/%61pi/media` and the absolute form `POST http://host/api/media` reach the `/api/media` route and are
 * checked like it, and so is a request that no route matches. Only a matched route whose config says
 * `crossSite: 'allowed'` (see cross-site.ts) takes unsafe requests from other sites.
 */
export function registerSameOriginCheck(fastify: FastifyInstance, publicUrl: string): void {
  const publicHost = new URL(publicUrl).host;
  // A callback hook, not an async one: it runs on every request, hot paths included.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      (!request.is404 && request.routeOptions.config.crossSite === 'allowed') ||
      isSameSite(request.headers, publicHost)
    ) {
      return done();
    }
    void reply.code(403).header('cache-control', 'no-store').send(REFUSED);
  });
}
