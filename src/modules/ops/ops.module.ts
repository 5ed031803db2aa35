import { Module } from '@nestjs/common';
import { HealthMonitor } from './health-monitor.js';
import { HealthRoute } from './http/health.route.js';

@Module({ providers: [HealthMonitor, HealthRoute] })
export class OpsModule {}
