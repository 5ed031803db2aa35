import { Module } from '@nestjs/common';
import { AdminStatsHandler } from './queries/admin-stats/admin-stats.handler.js';
import { AdminStatsHttpController } from './queries/admin-stats/admin-stats.http.controller.js';

/**
 * Read models for the admin home's charts. They read the orders' and subscribers' tables by SQL
 * only (no entity of another module): aggregates over a range, in one round trip each.
 */
@Module({
  controllers: [AdminStatsHttpController],
  providers: [AdminStatsHandler],
})
export class InsightsModule {}
