import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { OpsMetrics } from '../metrics/ops-metrics.js';
import { METRICS_PATH } from './metrics.route.js';

/** Where the metrics listener answers (the public port's path too, so a scrape job can just move). */
const PATHS = new Set(['/metrics', METRICS_PATH]);

/** Only this machine can reach the listener: it is the access check, not a peer address. */
export const METRICS_HOST = '127.0.0.1';

/**
 * With METRICS_PORT, the metrics on a listener of their own, bound to 127.0.0.1: a Prometheus (or an
 * agent) on this machine scrapes `GET /metrics` without a token, and nothing arriving through the
 * public port (a reverse proxy included) can reach it. Started with the API, closed on shutdown.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: OpsMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (port === undefined) {
      if (!this.config.METRICS_TOKEN) {
        this.logger.log(
          'Metrics are not served: set METRICS_PORT (a listener on 127.0.0.1) or METRICS_TOKEN (GET /api/metrics with a bearer token)',
        );
      }
      return;
    }
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) =>
        reject(new Error(`METRICS_PORT ${port}: ${error.message}`, { cause: error })),
      );
      server.listen(port, METRICS_HOST, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics on http://${METRICS_HOST}:${port}/metrics`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A scraper's keep-alive connection must not hold the shutdown.
      server.closeIdleConnections();
    });
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0]!;
    if (request.method !== 'GET' || !PATHS.has(path)) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    try {
      const text = await this.metrics.render();
      response
        .writeHead(200, { 'content-type': this.metrics.contentType, 'cache-control': 'no-store' })
        .end(text);
    } catch (error) {
      this.logger.error({ err: error }, 'Could not render the metrics');
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Error\n');
    }
  }
}
