import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Subscription, subscriptionSchema } from '../../../../contracts/subscriptions.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { ListSubscriptionsQuery } from './list-subscriptions.query.js';

@ApiTags('payments')
@Controller('api/subscriptions')
export class ListSubscriptionsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'My subscriptions (newest first): package, price, state, next billing date, payments',
  })
  @ApiOkResponse({ standardSchema: z.array(subscriptionSchema) })
  list(@CurrentAuth() auth: AuthContext): Promise<Subscription[]> {
    return this.queryBus.execute(new ListSubscriptionsQuery(auth.account.email));
  }
}
