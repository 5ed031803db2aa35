import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type OrderPaypal,
  orderPaypalSchema,
  PAYMENT_TEXTS,
} from '../../../../contracts/payments.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { RefundUnappliedPaymentCommand } from './refund-unapplied-payment.command.js';

@ApiTags('payments')
@Controller('api/admin/orders')
export class RefundUnappliedPaymentHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/unapplied-payments/:paymentId/refund')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Refund a payment that arrived while the order was not unpaid (a PayPal Checkout capture)',
  })
  @ApiOkResponse({ standardSchema: orderPaypalSchema })
  @PaypalCallResponses(
    'No such order or payment',
    'Refunded already or under way, a Payments Standard transaction (refunded in PayPal), or PayPal refused',
  )
  refundUnapplied(
    @Param('id') id: string,
    @Param('paymentId') paymentId: string,
    @CurrentActor() actor: AuditActor,
  ): Promise<OrderPaypal> {
    return this.commandBus.execute(
      new RefundUnappliedPaymentCommand(
        requireRecordId(id, ORDER_TEXTS.notYours),
        requireRecordId(paymentId, PAYMENT_TEXTS.noSuchPayment),
        actor,
      ),
    );
  }
}
