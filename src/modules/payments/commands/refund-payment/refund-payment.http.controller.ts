import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type OrderPaypal, orderPaypalSchema } from '../../../../contracts/payments.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { RefundPaymentCommand } from './refund-payment.command.js';

@ApiTags('payments')
@Controller('api/admin/orders')
export class RefundPaymentHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/refund')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Refund a PayPal Checkout payment in full (the order ends Refunded)' })
  @ApiOkResponse({ standardSchema: orderPaypalSchema })
  @PaypalCallResponses('No such order', 'Not paid through PayPal Checkout, or PayPal refused')
  refund(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<OrderPaypal> {
    return this.commandBus.execute(
      new RefundPaymentCommand(requireRecordId(id, ORDER_TEXTS.notYours), actor),
    );
  }
}
