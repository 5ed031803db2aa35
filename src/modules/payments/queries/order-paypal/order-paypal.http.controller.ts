import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type OrderPaypal, orderPaypalSchema } from '../../../../contracts/payments.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { GetOrderPaypalQuery } from './order-paypal.query.js';

/** An order's PayPal Checkout payment, for the admins: its ids and state, and its unapplied payments. */
@ApiTags('payments')
@Controller('api/admin/orders')
export class GetOrderPaypalHttpController {
  constructor(private readonly queryBus: QueryBus) {}

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
}
