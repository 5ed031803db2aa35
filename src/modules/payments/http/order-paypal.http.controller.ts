import { Controller, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import { type OrderPaypal, orderPaypalSchema, PAYMENT_TEXTS } from '../../../contracts/payments.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access } from '../../../platform/auth/access.js';
import { requireRecordId } from '../../../platform/http/record-id.js';
import { RefundPaymentCommand } from '../commands/refund-payment/refund-payment.command.js';
import { RefundUnappliedPaymentCommand } from '../commands/refund-unapplied-payment/refund-unapplied-payment.command.js';
import { GetOrderPaypalQuery } from '../queries/order-paypal/order-paypal.query.js';

/** An order's PayPal Checkout payment, for the admins: its ids and state, and a full refund. */
@ApiTags('payments')
@Controller('api/admin/orders')
export class OrderPaypalHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get(':id/paypal')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The PayPal order, capture and refund of an order' })
  @ApiOkResponse({ standardSchema: orderPaypalSchema })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  get(@Param('id') id: string): Promise<OrderPaypal> {
    return this.queryBus.execute(
      new GetOrderPaypalQuery(requireRecordId(id, ORDER_TEXTS.notYours)),
    );
  }

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

  @Post(':id/unapplied-payments/:paymentId/refund')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Refund a payment that arrived while the order was not unpaid (a PayPal Checkout capture)',
  })
  @ApiOkResponse({ standardSchema: orderPaypalSchema })
  @ApiNotFoundResponse({ description: 'No such order or payment', standardSchema: errorBodySchema })
  @ApiConflictResponse({
    description:
      'Refunded already or under way, a Payments Standard transaction (refunded in PayPal), or PayPal refused',
    standardSchema: errorBodySchema,
  })
  @ApiServiceUnavailableResponse({
    description: 'PayPal could not be reached',
    standardSchema: errorBodySchema,
  })
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
