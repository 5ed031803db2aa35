import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from '@prometheus-io/client';
import {
  CLUSTER_COUNTERS,
  ClusterCounters,
  type IpnVerificationResult,
} from '../../../platform/redis/cluster-counters.js';
import { PLATFORM_QUEUES } from '../../../platform/queue/queue-names.js';
import { NEWSLETTER_QUEUE } from '../../newsletter/index.js';
import { MAIL_QUEUE } from '../../notifications/index.js';
import { RenderedPages } from '../../site/index.js';
import type { Health } from '../health.contract.js';
import { ReadinessMonitor } from '../readiness-monitor.js';

/** The route label of a request no route matched (its URL would make a series per URL). */
export const UNMATCHED_ROUTE = 'unmatched';

const IPN_RESULTS: IpnVerificationResult[] = ['VERIFIED', 'INVALID', 'other', 'error'];

/** The queues whose consumers take their jobs from outbox rows (and refuse jobs without one). */
const OUTBOX_QUEUES = [PLATFORM_QUEUES.domainEvents, MAIL_QUEUE, NEWSLETTER_QUEUE].map(
  (q) => q.name,
);

/**
 * The process's metrics in Prometheus's text format: request durations observed here, the queues and
 * the outbox as readiness last saw them (at most HEALTH_CACHE_MS old), the cluster-wide counters from
 * Redis, and the library's default process metrics. A registry of its own, not the library's global one.
 */
@Injectable()
export class OpsMetrics {
  private readonly logger = new Logger(OpsMetrics.name);
  private readonly registry = new Registry();
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });
  private readonly checkUp = new Gauge({
    name: 'readiness_check_up',
    help: 'Readiness checks (GET /api/health): 1 up, 0 down; absent while unknown',
    labelNames: ['check'] as const,
    registers: [this.registry],
  });
  private readonly queueJobs = new Gauge({
    name: 'queue_jobs',
    help: 'Jobs of each queue by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });
  private readonly outboxBacklog = new Gauge({
    name: 'outbox_backlog',
    help: 'Outbox rows due and not yet settled by their consumer (NaN while unknown)',
    registers: [this.registry],
  });
  private readonly outboxOldestAge = new Gauge({
    name: 'outbox_oldest_age_seconds',
    help: 'Seconds the oldest due, unsettled outbox row has waited; 0 without backlog (NaN while unknown)',
    registers: [this.registry],
  });
  private readonly emailsSent = new Counter({
    name: 'emails_sent_total',
    help: 'E-mails accepted by the SMTP server, by every worker of the cluster',
    registers: [this.registry],
  });
  private readonly emailsFailed = new Counter({
    name: 'emails_failed_total',
    help: 'E-mails given up (refused for good or still failing at their last attempt), cluster-wide',
    registers: [this.registry],
  });
  private readonly ipnVerifications = new Counter({
    name: 'ipn_verifications_total',
    help: "PayPal IPN verifications by PayPal's answer (VERIFIED, INVALID, other; error: no answer)",
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly pageCacheEntries = new Gauge({
    name: 'site_page_cache_entries',
    help: 'Server-rendered pages kept in this process (one per page and per route answering 404)',
    registers: [this.registry],
  });
  private readonly pageCacheBytes = new Gauge({
    name: 'site_page_cache_bytes',
    help: 'Bytes of the server-rendered pages kept in this process (HTML, brotli and gzip bodies)',
    registers: [this.registry],
  });
  private readonly pageRenders = new Counter({
    name: 'site_page_renders_total',
    help: 'Server-rendered pages rendered by this process (the others were sent as kept)',
    registers: [this.registry],
  });

  private readonly jobsRefused = new Counter({
    name: 'jobs_refused_total',
    help: 'Jobs refused by their consumer because no outbox row backs them (added to Redis by hand), by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor(
    private readonly readiness: ReadinessMonitor,
    private readonly counters: ClusterCounters,
    private readonly pages: RenderedPages,
  ) {
    collectDefaultMetrics({ register: this.registry });
    for (const result of IPN_RESULTS) this.ipnVerifications.inc({ result }, 0);
    for (const queue of OUTBOX_QUEUES) this.jobsRefused.inc({ queue }, 0);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status_code: statusCode }, seconds);
  }

  async render(): Promise<string> {
    const [health] = await Promise.all([this.readiness.current(), this.readCounters()]);
    this.showHealth(health);
    this.showPages();
    return this.registry.metrics();
  }

  private showHealth(health: Health): void {
    this.checkUp.reset();
    for (const [check, state] of Object.entries(health.checks)) {
      if (state !== 'unknown') this.checkUp.set({ check }, state === 'up' ? 1 : 0);
    }
    this.queueJobs.reset();
    for (const [queue, counts] of Object.entries(health.queues ?? {})) {
      for (const [state, jobs] of Object.entries(counts))
        this.queueJobs.set({ queue, state }, jobs);
    }
    this.outboxBacklog.set(health.outbox?.backlog ?? Number.NaN);
    this.outboxOldestAge.set(health.outbox ? (health.outbox.oldestAgeSeconds ?? 0) : Number.NaN);
  }

  private showPages(): void {
    const pages = this.pages.stats();
    this.pageCacheEntries.set(pages.entries);
    this.pageCacheBytes.set(pages.bytes);
    setCounter(this.pageRenders, pages.renders);
  }

  /**
   * Sets the counters to the cluster's totals. When Redis does not answer they keep their last values:
   * a counter dropping to 0 and back would read as that many new events.
   */
  private async readCounters(): Promise<void> {
    let totals: Map<string, number>;
    try {
      totals = await this.counters.read();
    } catch (error) {
      this.logger.warn({ err: error }, 'Cluster counters not read; the metrics show the last ones');
      return;
    }
    const total = (name: string) => totals.get(name) ?? 0;
    setCounter(this.emailsSent, total(CLUSTER_COUNTERS.emailsSent));
    setCounter(this.emailsFailed, total(CLUSTER_COUNTERS.emailsFailed));
    this.ipnVerifications.reset();
    for (const result of IPN_RESULTS) {
      this.ipnVerifications.inc({ result }, total(CLUSTER_COUNTERS.ipnVerifications(result)));
    }
    this.jobsRefused.reset();
    for (const queue of OUTBOX_QUEUES) {
      this.jobsRefused.inc({ queue }, total(CLUSTER_COUNTERS.jobsRefused(queue)));
    }
  }
}

function setCounter(counter: Counter, value: number): void {
  counter.reset();
  counter.inc(value);
}
