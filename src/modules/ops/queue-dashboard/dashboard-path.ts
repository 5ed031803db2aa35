import type { FastifyRequest } from 'fastify';
import { QUEUE_DASHBOARD_PATH } from '../../../contracts/queue-dashboard.js';

const isUnder = (path: string) =>
  path === QUEUE_DASHBOARD_PATH || path.startsWith(`${QUEUE_DASHBOARD_PATH}/`);

/**
 * The path a request target names, read as leniently as any router might: the absolute form's path,
 * dot segments resolved, percent-decoded, repeated and trailing slashes dropped, lower-case.
 */
export function lenientPath(target: string): string {
  let path = target.split(/[?#]/, 1)[0] ?? '';
  try {
    path = new URL(path, 'http://localhost').pathname;
  } catch {
    // not a URL at all: read it as it is
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: keep the rest as written
  }
  return path
    .replace(/\/{2,}/g, '/')
    .replace(/\/$/, '')
    .toLowerCase();
}

/**
 * Whether a request is for the queue dashboard: Fastify routed it to one of the board's routes (the
 * decision that counts, however the target was spelt), or its target reads as a path under the board's
 * (`/ADMIN/queues`, `/admin//queues/`…, which Fastify sends elsewhere: refused alike, never served).
 */
export function isQueueDashboardRequest(request: FastifyRequest): boolean {
  const route = request.is404 ? undefined : request.routeOptions.url;
  if (route !== undefined && isUnder(route)) return true;
  // Cheap first: a target naming the board spells "queues" in some case, or percent-encodes it.
  return MIGHT_NAME_THE_BOARD.test(request.url) && isUnder(lenientPath(request.url));
}

const MIGHT_NAME_THE_BOARD = /queues|%/i;
