import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../../contracts/errors.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { mayScrape } from '../metrics/metrics-access.js';
import { OpsMetrics, UNMATCHED_ROUTE } from '../metrics/ops-metrics.js';

/** Prometheus's scrape target. */
export const METRICS_PATH = '/api/metrics';

/**
 * GET /api/metrics for Prometheus, as a raw route: with `Authorization: Bearer <METRICS_TOKEN>` only,
 * wherever the request comes from; anyone else gets the 404 of a path that does not exist
 * (METRICS_PORT serves this machine without a token). Flagged hotPath: scrapes every few seconds
 * write no request log line. Also times every request of the process, whichever router serves it,
 * by its route template.
 */
@Injectable()
export class MetricsRoute extends RawRouteSet implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: OpsMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

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
  }

  routes() {
    return [
      rawRoute({
        method: 'GET',
        path: METRICS_PATH,
        // Not a session's level: the operators' token, whatever address the request comes from.
        access: {
          token: 'operator',
          presented: (request) =>
            mayScrape(request.headers.authorization, this.config.METRICS_TOKEN),
        },
        hotPath: true,
        docs: {
          operationId: 'metrics',
          tags: ['ops'],
          summary:
            'Prometheus metrics (text format 0.0.4): request durations by route template, jobs per queue ' +
            'and state, the outbox backlog and its oldest age, e-mails sent and failed, IPN verifications ' +
            'by result, process metrics. Only with `Authorization: Bearer <METRICS_TOKEN>`, from any ' +
            'address; anyone else gets 404 (METRICS_PORT serves them on 127.0.0.1 without a token)',
          responses: {
            200: {
              description: 'The metrics',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
            404: {
              description: 'No valid METRICS_TOKEN (or none configured): as if there were no route',
              json: errorBodySchema,
            },
          },
        },
        handler: async (_request, reply) => {
          const text = await this.metrics.render();
          return reply
            .header('cache-control', 'no-store')
            .type(this.metrics.contentType)
            .send(text);
        },
      }),
    ];
  }
}
