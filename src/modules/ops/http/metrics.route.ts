import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { noApiRoute } from '../../../platform/http/no-api-route.js';
import { mayScrape } from '../metrics/metrics-access.js';
import { OpsMetrics, UNMATCHED_ROUTE } from '../metrics/ops-metrics.js';

/** Prometheus's scrape target. */
export const METRICS_PATH = '/api/metrics';

/**
 * GET /api/metrics for Prometheus, as a plain Fastify route (documented by metrics.openapi.ts): with
 * `Authorization: Bearer <METRICS_TOKEN>` only, wherever the request comes from; anyone else gets the
 * 404 of a path that does not exist (METRICS_PORT serves this machine without a token). Flagged
 * hotPath: scrapes every few seconds write no request log line. Also times every request of the
 * process, whichever router serves it, by its route template.
 */
@Injectable()
export class MetricsRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: OpsMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // Added before the server is ready, so it applies to every route, whenever registered.
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      this.metrics.observeRequest(
        request.method,
        route,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    fastify.get(METRICS_PATH, { config: { hotPath: true } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!mayScrape(request.headers.authorization, this.config.METRICS_TOKEN)) {
        return reply.code(404).send(noApiRoute(request.method, METRICS_PATH));
      }
      const text = await this.metrics.render();
      return reply.type(this.metrics.contentType).send(text);
    });
  }
}
