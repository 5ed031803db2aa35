import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../sessions/session-store.js';

/** Who is calling, as recorded on a session (the IP honours TRUST_PROXY). */
export function clientInfo(request: FastifyRequest): ClientInfo & { ip: string } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
