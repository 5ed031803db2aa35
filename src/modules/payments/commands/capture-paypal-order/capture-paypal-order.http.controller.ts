import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type CaptureResult, captureResultSchema } from '../../../../contracts/payments.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { CapturePaypalOrderCommand } from './capture-paypal-order.command.js';

@ApiTags('payments')
@Controller('api/orders')
export class CapturePaypalOrderHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/paypal-order/capture')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'PayPal Checkout: capture the approved payment (paid, pending, declined or review)',
  })
  @ApiOkResponse({ standardSchema: captureResultSchema })
  @PaypalCallResponses(
    'No such order of this customer',
    'Not unpaid, not approved yet, or PayPal refused',
  )
  capturePaypalOrder(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
  ): Promise<CaptureResult> {
    return this.commandBus.execute(
      new CapturePaypalOrderCommand(requireRecordId(id, ORDER_TEXTS.notYours), auth.account.email),
    );
  }
}
