import type { FastifyRequest } from 'fastify';
import { toStorableText } from '../../../contracts/text-fields.js';
import type { ClientInfo } from '../sessions/session-store.js';

/**
 * Who is calling, as recorded on a session (the IP honours TRUST_PROXY). Both come from headers the
 * caller chose, so they are made storable rather than trusted to be.
 */
export function clientInfo(request: FastifyRequest): ClientInfo & { ip: string } {
  const userAgent = request.headers['user-agent'];
  return {
    ip: toStorableText(request.ip),
    userAgent: userAgent === undefined ? undefined : toStorableText(userAgent),
  };
}
