import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { statsRange } from '../../../../contracts/insights.js';
import {
  type SubscriptionStats,
  type SubscriptionStatsQuery as SubscriptionStatsParams,
  subscriptionStatsQuerySchema,
  subscriptionStatsSchema,
} from '../../../../contracts/subscriptions.js';
import { Access } from '../../../../platform/auth/access.js';
import { SubscriptionStatsQuery } from './subscription-stats.query.js';

@ApiTags('payments')
@Controller('api/admin/subscriptions')
export class SubscriptionStatsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('stats')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Monthly recurring revenue, active/suspended/cancelled counts, churn and failing payments for from/to (UTC days; default the last 90 days)',
  })
  @ApiOkResponse({ standardSchema: subscriptionStatsSchema })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  stats(
    @Query({ schema: subscriptionStatsQuerySchema }) query: SubscriptionStatsParams,
  ): Promise<SubscriptionStats> {
    const { from, to } = statsRange(query);
    return this.queryBus.execute(new SubscriptionStatsQuery(from, to));
  }
}
