import { Module } from '@nestjs/common';
import { HealthRoute } from './http/health.route.js';
import { ReadinessMonitor } from './readiness-monitor.js';

@Module({ providers: [ReadinessMonitor, HealthRoute] })
export class OpsModule {}
