import { Module } from '@nestjs/common';
import { HealthRoute } from './http/health.route.js';
import { MetricsRoute } from './http/metrics.route.js';
import { OpsMetrics } from './metrics/ops-metrics.js';
import { QueueJobCounts } from './probes/queue-job-counts.js';
import { ListAuditEntriesHandler } from './queries/list-audit-entries/list-audit-entries.handler.js';
import { ListAuditEntriesHttpController } from './queries/list-audit-entries/list-audit-entries.http.controller.js';
import { ReadinessMonitor } from './readiness-monitor.js';

@Module({
  controllers: [ListAuditEntriesHttpController],
  providers: [
    QueueJobCounts,
    ReadinessMonitor,
    HealthRoute,
    OpsMetrics,
    MetricsRoute,
    ListAuditEntriesHandler,
  ],
})
export class OpsModule {}
