import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type Subscription,
  SUBSCRIPTION_TEXTS,
  subscriptionSchema,
} from '../../../../contracts/subscriptions.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { GetOrderSubscriptionQuery } from './order-subscription.query.js';

@ApiTags('payments')
@Controller('api/admin/orders')
export class GetOrderSubscriptionHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id/subscription')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The order’s PayPal subscription: state, price, payments' })
  @ApiOkResponse({ standardSchema: subscriptionSchema })
  @ApiNotFoundResponse({
    description: 'The order has no subscription',
    standardSchema: errorBodySchema,
  })
  async subscription(@Param('id') id: string): Promise<Subscription> {
    const found = await this.queryBus.execute(
      new GetOrderSubscriptionQuery(requireRecordId(id, SUBSCRIPTION_TEXTS.notFound)),
    );
    if (!found) throw new NotFoundException(SUBSCRIPTION_TEXTS.notFound);
    return found;
  }
}
