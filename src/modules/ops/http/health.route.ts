import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Health } from '../health.contract.js';
import { ReadinessMonitor } from '../readiness-monitor.js';

/** Readiness: PostgreSQL and Redis answer and the outbox flows (503 when not). */
export const HEALTH_PATH = '/api/health';
/** Liveness: the process answers; nothing else is checked, so a database outage never restarts it. */
export const LIVENESS_PATH = '/api/health/live';

const ALIVE = JSON.stringify({ status: 'ok' });

/**
 * Served from memory and polled constantly: no request log line, no database request context (hotPath),
 * and no compression hooks (the answers are a few hundred bytes, under the compression threshold, and
 * probes ask for none).
 */
const PROBE_ROUTE = { config: { hotPath: true }, compress: false } as const;

/**
 * The health routes as plain Fastify routes: load balancers and orchestrators poll them constantly,
 * they take no input and have one answer, so they skip Nest's router, pipes and filters (and see
 * PROBE_ROUTE). Documented by health.openapi.ts.
 */
@Injectable()
export class HealthRoute implements OnModuleInit {
  /** The answer last served, serialized once however often it is served while cached. */
  private served: { health: Health; json: string } | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly readiness: ReadinessMonitor,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(HEALTH_PATH, PROBE_ROUTE, async (_request, reply) => {
      const health = await this.readiness.current();
      if (this.served?.health !== health) this.served = { health, json: JSON.stringify(health) };
      return reply
        .status(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(this.served.json);
    });
    fastify.get(LIVENESS_PATH, PROBE_ROUTE, (_request, reply) =>
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(ALIVE),
    );
  }
}
