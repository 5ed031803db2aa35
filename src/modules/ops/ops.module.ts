import { Module } from '@nestjs/common';
import { HealthRoute } from './http/health.route.js';
import { QueueJobCounts } from './probes/queue-job-counts.js';
import { ReadinessMonitor } from './readiness-monitor.js';

@Module({ providers: [QueueJobCounts, ReadinessMonitor, HealthRoute] })
export class OpsModule {}
