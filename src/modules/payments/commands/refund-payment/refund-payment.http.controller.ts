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
import { type OrderPaypal, orderPaypalSchema } from '../../../../contracts/payments.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
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
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  @ApiConflictResponse({
    description: 'Not paid through PayPal Checkout, or PayPal refused',
    standardSchema: errorBodySchema,
  })
  @ApiServiceUnavailableResponse({
    description: 'PayPal could not be reached',
    standardSchema: errorBodySchema,
  })
  refund(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<OrderPaypal> {
    return this.commandBus.execute(
      new RefundPaymentCommand(requireRecordId(id, ORDER_TEXTS.notYours), actor),
    );
  }
}
