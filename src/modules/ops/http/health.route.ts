import { Injectable } from '@nestjs/common';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { QueueRegistry } from '../../../platform/queue/queue-registry.js';
import { type Health, healthSchemaFor, livenessSchema } from '../health.contract.js';
import { ReadinessMonitor } from '../readiness-monitor.js';

/** Readiness: PostgreSQL and Redis answer and the outbox flows (503 when not). */
export const HEALTH_PATH = '/api/health';
/** Liveness: the process answers; nothing else is checked, so a database outage never restarts it. */
export const LIVENESS_PATH = '/api/health/live';

const ALIVE = JSON.stringify({ status: 'ok' });

/**
 * Served from memory and polled constantly: no request log line, no database request context (hotPath),
 * and no compression hooks (the answers are a few hundred bytes, under the compression threshold, and
 * probes ask for none). Public and without input, so the registrar serves the handlers themselves,
 * with no check around them.
 */
const PROBE_ROUTE = { access: 'public', hotPath: true, compress: false } as const;

/**
 * The health routes as raw routes: load balancers and orchestrators poll them constantly, they take
 * no input and have one answer, so they skip Nest's router, pipes and filters (and see PROBE_ROUTE).
 */
@Injectable()
export class HealthRoute extends RawRouteSet {
  /** The answer last served, serialized once however often it is served while cached. */
  private served: { health: Health; json: string } | undefined;

  constructor(
    private readonly readiness: ReadinessMonitor,
    private readonly queues: QueueRegistry,
  ) {
    super();
  }

  routes() {
    // Readiness names each of the product's queues.
    const health = healthSchemaFor(this.queues.names);
    return [
      rawRoute({
        ...PROBE_ROUTE,
        method: 'GET',
        path: HEALTH_PATH,
        docs: {
          operationId: 'health',
          tags: ['ops'],
          summary:
            'Readiness: PostgreSQL and Redis answer, each on a connection of its own, with the outbox ' +
            'backlog and the jobs of each queue (at most HEALTH_CACHE_MS old); 503 once either service ' +
            'failed HEALTH_FAILURE_THRESHOLD probes in a row, or the oldest owed outbox row is older ' +
            'than OUTBOX_STUCK_AFTER_SECONDS',
          responses: {
            200: { description: 'Both services are up and the outbox flows', json: health },
            503: { description: 'A service is down or the outbox is stuck', json: health },
          },
        },
        handler: async (_request, reply) => {
          const health = await this.readiness.current();
          if (this.served?.health !== health)
            this.served = { health, json: JSON.stringify(health) };
          return reply
            .status(health.status === 'ok' ? 200 : 503)
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send(this.served.json);
        },
      }),
      rawRoute({
        ...PROBE_ROUTE,
        method: 'GET',
        path: LIVENESS_PATH,
        docs: {
          operationId: 'liveness',
          tags: ['ops'],
          summary: 'Liveness: the process answers (no dependency is checked)',
          responses: { 200: { description: 'The process is alive', json: livenessSchema } },
        },
        handler: (_request, reply) =>
          reply
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send(ALIVE),
      }),
    ];
  }
}
