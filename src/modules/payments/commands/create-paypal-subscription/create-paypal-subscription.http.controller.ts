import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type PaypalSubscriptionCreated,
  paypalSubscriptionCreatedSchema,
} from '../../../../contracts/subscriptions.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { CreatePaypalSubscriptionCommand } from './create-paypal-subscription.command.js';

@ApiTags('payments')
@Controller('api/orders')
export class CreatePaypalSubscriptionHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/paypal-subscription')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'PayPal Subscriptions: create the PayPal subscription of an unpaid monthly order (plan and price from the server)',
  })
  @ApiOkResponse({ standardSchema: paypalSubscriptionCreatedSchema })
  @PaypalCallResponses(
    'No such order of this customer',
    'Not a monthly order, not unpaid, payments not set up, or PayPal refused',
  )
  create(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
  ): Promise<PaypalSubscriptionCreated> {
    return this.commandBus.execute(
      new CreatePaypalSubscriptionCommand(
        requireRecordId(id, ORDER_TEXTS.notYours),
        auth.account.email,
      ),
    );
  }
}
