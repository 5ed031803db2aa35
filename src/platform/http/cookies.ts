import type { FastifyRequest } from 'fastify';

/**
 * A request cookie, parsed on first use: @fastify/cookie runs with `hook: false`, so requests that never
 * look at cookies (the hot public reads) do not pay for parsing them.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  if (!request.cookies) {
    const header = request.headers.cookie;
    request.cookies = header ? request.server.parseCookie(header) : {};
  }
  return request.cookies[name];
}
