import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type PaypalOrderCreated,
  paypalOrderCreatedSchema,
} from '../../../../contracts/payments.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { CreatePaypalOrderCommand } from './create-paypal-order.command.js';

@ApiTags('payments')
@Controller('api/orders')
export class CreatePaypalOrderHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/paypal-order')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'PayPal Checkout: create the PayPal order of an unpaid order (amount and payee from the server)',
  })
  @ApiOkResponse({ standardSchema: paypalOrderCreatedSchema })
  @PaypalCallResponses(
    'No such order of this customer',
    'Not unpaid, payments not set up, or PayPal refused',
  )
  createPaypalOrder(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
  ): Promise<PaypalOrderCreated> {
    return this.commandBus.execute(
      new CreatePaypalOrderCommand(requireRecordId(id, ORDER_TEXTS.notYours), auth.account.email),
    );
  }
}
