import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type Checkout, checkoutSchema } from '../../../../contracts/payments.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { GetCheckoutQuery } from './get-checkout.query.js';

@ApiTags('payments')
@Controller('api/orders')
export class GetCheckoutHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id/checkout')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'How to pay an unpaid order: PayPal Checkout buttons or the Payments Standard form, or why payments are not set up',
  })
  @ApiOkResponse({ standardSchema: checkoutSchema })
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  @ApiConflictResponse({ description: 'The order is not unpaid', standardSchema: errorBodySchema })
  checkout(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<Checkout> {
    return this.queryBus.execute(new GetCheckoutQuery(id, auth.account.email));
  }
}
