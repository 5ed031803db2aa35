import { Module } from '@nestjs/common';
import { HealthRoute } from './http/health.route.js';
import { ListAuditEntriesHandler } from './queries/list-audit-entries/list-audit-entries.handler.js';
import { ListAuditEntriesHttpController } from './queries/list-audit-entries/list-audit-entries.http.controller.js';
import { ReadinessMonitor } from './readiness-monitor.js';

@Module({
  controllers: [ListAuditEntriesHttpController],
  providers: [ReadinessMonitor, HealthRoute, ListAuditEntriesHandler],
})
export class OpsModule {}
