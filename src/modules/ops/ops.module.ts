import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { HealthRoute } from './http/health.route.js';
import { QueueDashboardRegistrar } from './queue-dashboard/queue-dashboard.registrar.js';
import { ReadinessMonitor } from './readiness-monitor.js';

/** Operators' routes (API roles only): health, and the queue dashboard. */
@Module({
  imports: [IdentityModule],
  providers: [ReadinessMonitor, HealthRoute, QueueDashboardRegistrar],
})
export class OpsModule {}
