import { beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { OpsMetrics } from '../../src/modules/ops/metrics/ops-metrics.js';
import { RenderedPages } from '../../src/modules/site/index.js';
import type { Health } from '../../src/modules/ops/health.contract.js';
import type { ReadinessMonitor } from '../../src/modules/ops/readiness-monitor.js';
import type { ClusterCounters } from '../../src/platform/redis/cluster-counters.js';

const counts = (failed = 0) => ({ waiting: 0, active: 0, delayed: 0, failed });

const HEALTHY: Health = {
  status: 'ok',
  checks: { database: 'up', redis: 'up', outbox: 'up' },
  outbox: { backlog: 2, oldestAgeSeconds: 40.5, lastSettledAgeSeconds: 3 },
  queues: {
    'domain-events': counts(),
    mail: { waiting: 3, active: 1, delayed: 0, failed: 7 },
    'identity-maintenance': counts(),
    'outbox-maintenance': counts(),
    'payments-maintenance': counts(),
    newsletter: counts(),
    'newsletter-maintenance': counts(),
  },
};

/** OpsMetrics over a readiness answer and Redis counters the test sets. */
function metricsWith(state: { health: Health; counters: Map<string, number> | Error }) {
  const readiness = { current: async () => state.health } as unknown as ReadinessMonitor;
  const counters = {
    read: async () => {
      if (state.counters instanceof Error) throw state.counters;
      return state.counters;
    },
  } as unknown as ClusterCounters;
  return new OpsMetrics(readiness, counters, new RenderedPages());
}

/** The sample lines of the exposition text, without HELP/TYPE. */
const samples = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));

describe('the metrics exposition', () => {
  // The warning about unread counters is expected here (each test file has its own Logger).
  beforeAll(() => Logger.overrideLogger(false));

  it('shows the queues, the outbox and the checks as readiness saw them', async () => {
    const text = await metricsWith({ health: HEALTHY, counters: new Map() }).render();
    expect(samples(text)).toStrictEqual(
      expect.arrayContaining([
        'queue_jobs{queue="mail",state="waiting"} 3',
        'queue_jobs{queue="mail",state="active"} 1',
        'queue_jobs{queue="mail",state="failed"} 7',
        'queue_jobs{queue="newsletter",state="failed"} 0',
        'outbox_backlog 2',
        'outbox_oldest_age_seconds 40.5',
        'readiness_check_up{check="database"} 1',
        'readiness_check_up{check="outbox"} 1',
        'emails_sent_total 0',
        'ipn_verifications_total{result="INVALID"} 0',
      ]),
    );
    // The library's process metrics are there too.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('drops what readiness could not read instead of showing stale or zero values', async () => {
    const state = { health: HEALTHY, counters: new Map<string, number>() };
    const metrics = metricsWith(state);
    await metrics.render();
    state.health = {
      status: 'error',
      checks: { database: 'down', redis: 'down', outbox: 'unknown' },
      outbox: null,
      queues: null,
    };
    const lines = samples(await metrics.render());
    expect(lines.filter((line) => line.startsWith('queue_jobs'))).toStrictEqual([]);
    expect(lines).toContain('outbox_backlog Nan');
    expect(lines).toContain('outbox_oldest_age_seconds Nan');
    expect(lines).toContain('readiness_check_up{check="database"} 0');
    expect(lines.filter((line) => line.includes('check="outbox"'))).toStrictEqual([]);
  });

  it('shows the cluster counters, and keeps the last totals while Redis does not answer', async () => {
    const state: { health: Health; counters: Map<string, number> | Error } = {
      health: HEALTHY,
      counters: new Map([
        ['emails_sent', 5],
        ['emails_failed', 1],
        ['ipn_verifications:VERIFIED', 2],
        ['ipn_verifications:error', 4],
        ['jobs_refused:domain-events', 3],
      ]),
    };
    const metrics = metricsWith(state);
    const first = samples(await metrics.render());
    expect(first).toStrictEqual(
      expect.arrayContaining([
        'emails_sent_total 5',
        'emails_failed_total 1',
        'ipn_verifications_total{result="VERIFIED"} 2',
        'ipn_verifications_total{result="INVALID"} 0',
        'ipn_verifications_total{result="error"} 4',
        'jobs_refused_total{queue="domain-events"} 3',
        'jobs_refused_total{queue="mail"} 0',
      ]),
    );
    state.counters = new Error('Redis did not answer');
    const during = samples(await metrics.render());
    // A counter must not drop to 0 (Prometheus would read its return as new events).
    expect(during).toStrictEqual(
      expect.arrayContaining(['emails_sent_total 5', 'ipn_verifications_total{result="error"} 4']),
    );
    state.counters = new Map([['emails_sent', 6]]);
    expect(samples(await metrics.render())).toContain('emails_sent_total 6');
  });

  it('times requests by route template, method and status', async () => {
    const metrics = metricsWith({ health: HEALTHY, counters: new Map() });
    metrics.observeRequest('GET', '/api/admin/messages/:id', 401, 0.004);
    metrics.observeRequest('GET', '/api/admin/messages/:id', 401, 0.2);
    const lines = samples(await metrics.render());
    const labels = 'method="GET",route="/api/admin/messages/:id",status_code="401"';
    expect(lines).toContain(`http_request_duration_seconds_count{${labels}} 2`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="0.005",${labels}} 1`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="+Inf",${labels}} 2`);
  });
});
