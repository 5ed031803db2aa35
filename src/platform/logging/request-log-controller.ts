import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One JSON line per finished request (method, url, status, time, request id), at warn for 4xx and 503
 * and error for other 5xx. Hot paths (health probes polled by load balancers, the cached content snapshot) are not
 * logged unless they fail.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override isLogDisabled(request: FastifyRequest): boolean {
    return request.routeOptions?.config?.hotPath === true;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const statusCode = reply.statusCode;
    // 503 is an announced state (a dependency is down, Retry-After given) whose cause is logged once where
    // it is found: a warning per request, and none for hot paths polled by load balancers.
    const unavailable = statusCode === 503;
    if (this.isLogDisabled(request) && !error && (statusCode < 500 || unavailable)) return;
    const line = {
      req: { method: request.method, url: request.url },
      res: { statusCode },
      responseTime: Math.round(reply.elapsedTime),
      ...(error ? { err: error } : {}),
    };
    if (error || (statusCode >= 500 && !unavailable)) reply.log.error(line, 'request failed');
    else if (statusCode >= 400) reply.log.warn(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served from memory and called constantly: no request log line, no database request context. */
    hotPath?: boolean;
  }
}
