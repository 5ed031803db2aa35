import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type AdminStats,
  type AdminStatsQuery as AdminStatsParams,
  adminStatsQuerySchema,
  adminStatsSchema,
  statsRange,
} from '../../../../contracts/insights.js';
import { Access } from '../../../../platform/auth/access.js';
import { AdminStatsQuery } from './admin-stats.query.js';

/** The admin home's charts: one read of every series, so the blocks agree with each other. */
@ApiTags('insights')
@Controller('api/admin/stats')
export class AdminStatsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Sales (paid and refunded), orders by status and subscribers gained and lost, per day, week ' +
      'or month from/to (UTC days, both included; default the last 90 days)',
  })
  @ApiOkResponse({ standardSchema: adminStatsSchema })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  stats(@Query({ schema: adminStatsQuerySchema }) query: AdminStatsParams): Promise<AdminStats> {
    const { from, to } = statsRange(query);
    return this.queryBus.execute(new AdminStatsQuery(from, to, query.bucket));
  }
}
