import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Health, healthSchema } from '../health.contract.js';
import { HealthMonitor } from '../health-monitor.js';

@ApiTags('ops')
@Controller('api/health')
export class HealthController {
  constructor(private readonly monitor: HealthMonitor) {}

  @Get()
  @ApiOperation({ summary: 'Database and Redis status (at most 1 s old); 503 when either is down' })
  @ApiResponse({ status: 200, standardSchema: healthSchema })
  @ApiResponse({ status: 503, standardSchema: healthSchema })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<Health> {
    const health = await this.monitor.current();
    void reply.status(health.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return health;
  }
}
