import { Module } from '@nestjs/common';
import { HealthMonitor } from './health-monitor.js';
import { HealthController } from './http/health.controller.js';

@Module({ controllers: [HealthController], providers: [HealthMonitor] })
export class OpsModule {}
