import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { SiteModule } from '../site/index.js';
import { HealthRoute } from './http/health.route.js';
import { MetricsListener } from './http/metrics-listener.js';
import { MetricsRoute } from './http/metrics.route.js';
import { OpsMetrics } from './metrics/ops-metrics.js';
import { QueueJobCounts } from './probes/queue-job-counts.js';
import { ListAuditEntriesHandler } from './queries/list-audit-entries/list-audit-entries.handler.js';
import { ListAuditEntriesHttpController } from './queries/list-audit-entries/list-audit-entries.http.controller.js';
import { FailedJobActions } from './queue-dashboard/failed-job-actions.js';
import { QueueDashboardRegistrar } from './queue-dashboard/queue-dashboard.registrar.js';
import { ReadinessMonitor } from './readiness-monitor.js';

/** Operators' routes (API roles only): health, metrics, the queue dashboard and the audit log. */
@Module({
  imports: [IdentityModule, SiteModule],
  controllers: [ListAuditEntriesHttpController],
  providers: [
    QueueJobCounts,
    ReadinessMonitor,
    HealthRoute,
    OpsMetrics,
    MetricsRoute,
    MetricsListener,
    QueueDashboardRegistrar,
    FailedJobActions,
    ListAuditEntriesHandler,
  ],
})
export class OpsModule {}
