import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { HealthMonitor } from '../health-monitor.js';

export const HEALTH_PATH = '/api/health';

/**
 * GET /api/health as a plain Fastify route: load balancers poll it constantly, it takes no input and has
 * one answer, so it skips Nest's router, pipes and filters (and, flagged hotPath, the request log
 * line and the database request context). Documented in OpenAPI by health.openapi.ts.
 */
@Injectable()
export class HealthRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly monitor: HealthMonitor,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(HEALTH_PATH, { config: { hotPath: true } }, async (_request, reply) => {
      const health = await this.monitor.current();
      return reply
        .status(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    });
  }
}
