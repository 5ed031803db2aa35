import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One JSON line per finished request (method, url, status, time, request id), at warn for 4xx and error
 * for 5xx. Health probes, polled constantly by load balancers, are not logged.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override isLogDisabled(request: FastifyRequest): boolean {
    return request.routeOptions?.config?.healthProbe === true;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const statusCode = reply.statusCode;
    const line = {
      req: { method: request.method, url: request.url },
      res: { statusCode },
      responseTime: Math.round(reply.elapsedTime),
      ...(error ? { err: error } : {}),
    };
    if (error || statusCode >= 500) reply.log.error(line, 'request failed');
    else if (statusCode >= 400) reply.log.warn(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health probe: no request log line and no database request context. */
    healthProbe?: boolean;
  }
}
