import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type PaypalOrderCreated,
  paypalOrderCreatedSchema,
} from '../../../../contracts/payments.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
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
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  @ApiConflictResponse({
    description: 'Not unpaid, payments not set up, or PayPal refused',
    standardSchema: errorBodySchema,
  })
  @ApiServiceUnavailableResponse({
    description: 'PayPal could not be reached',
    standardSchema: errorBodySchema,
  })
  createPaypalOrder(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
  ): Promise<PaypalOrderCreated> {
    return this.commandBus.execute(
      new CreatePaypalOrderCommand(requireRecordId(id, ORDER_TEXTS.notYours), auth.account.email),
    );
  }
}
