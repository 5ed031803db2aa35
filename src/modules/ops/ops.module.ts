import { Module } from '@nestjs/common';
import { HealthRoute } from './http/health.route.js';
import { MetricsRoute } from './http/metrics.route.js';
import { OpsMetrics } from './metrics/ops-metrics.js';
import { QueueJobCounts } from './probes/queue-job-counts.js';
import { ReadinessMonitor } from './readiness-monitor.js';

@Module({ providers: [QueueJobCounts, ReadinessMonitor, HealthRoute, OpsMetrics, MetricsRoute] })
export class OpsModule {}
