import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageCoding, WebPage } from './web-page-renderer.js';

/**
 * The coding to send a prepared page in: brotli, else gzip, when Accept-Encoding allows it (a
 * q-value above 0, named or through `*`), else the page as is.
 */
export function preferredCoding(acceptEncoding: string | undefined): PageCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names `etag` (or is `*`): weak comparison, as RFC 9110 asks for GET. */
function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Sends a page of the web app. A prepared page goes in the coding the client accepts, with that
 * body's strong ETag and `Vary: Accept-Encoding`, and as 304 when the client already holds it (for a
 * 2xx page: a 404 is never "not modified"). The compression hook leaves a body with a
 * Content-Encoding alone.
 */
export async function sendWebPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: WebPage,
): Promise<void> {
  void reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .headers(page.headers ?? {});
  if ('html' in page) {
    await reply.send(page.html);
    return;
  }
  const coding = preferredCoding(request.headers['accept-encoding']);
  const { body, etag } = page.bodies[coding];
  void reply.header('vary', 'accept-encoding').header('etag', etag);
  if (page.status < 300 && noneMatch(request.headers['if-none-match'], etag)) {
    await reply.code(304).send();
    return;
  }
  if (coding !== 'identity') void reply.header('content-encoding', coding);
  await reply.send(body);
}
