import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ReadinessMonitor } from '../readiness-monitor.js';

/** Readiness: PostgreSQL and Redis answer (503 when either is down). */
export const HEALTH_PATH = '/api/health';
/** Liveness: the process answers; nothing else is checked, so a database outage never restarts it. */
export const LIVENESS_PATH = '/api/health/live';

const ALIVE = JSON.stringify({ status: 'ok' });

/**
 * The health routes as plain Fastify routes: load balancers and orchestrators poll them constantly,
 * they take no input and have one answer, so they skip Nest's router, pipes and filters (and, flagged
 * hotPath, the request log line and the database request context). Documented by health.openapi.ts.
 */
@Injectable()
export class HealthRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly readiness: ReadinessMonitor,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(HEALTH_PATH, { config: { hotPath: true } }, async (_request, reply) => {
      const health = await this.readiness.current();
      return reply
        .status(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    });
    fastify.get(LIVENESS_PATH, { config: { hotPath: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(ALIVE),
    );
  }
}
