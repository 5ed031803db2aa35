import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type AdminOrderSummary,
  adminOrderSummarySchema,
  type Order,
  type OrderNote,
  orderNoteSchema,
  type OrderPage,
  type OrderPageQuery,
  orderPageQuerySchema,
  orderPageSchema,
  orderSchema,
  type UpdateOrderStatus,
  updateOrderStatusSchema,
} from '../../../contracts/orders.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access } from '../../../platform/auth/access.js';
import { CancelOrderCommand } from '../commands/cancel-order/cancel-order.command.js';
import { RecordOfflinePaymentCommand } from '../commands/record-offline-payment/record-offline-payment.command.js';
import { SetDeliveryStatusCommand } from '../commands/set-delivery-status/set-delivery-status.command.js';
import { orderNotFound } from '../domain/order-errors.js';
import { FindOrderQuery } from '../queries/get-order/get-order.query.js';
import { ListOrdersQuery } from '../queries/list-orders/list-orders.query.js';
import { OrderSummaryQuery } from '../queries/list-orders/order-summary.query.js';
import { requireOrderId } from './customer-orders.http.controller.js';

/** Every order, for admins: lists, totals, the delivery status, offline payments and cancellations. */
@ApiTags('orders')
@Controller('api/admin/orders')
export class AdminOrdersHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Every order, newest first, one page' })
  @ApiOkResponse({ standardSchema: orderPageSchema })
  list(@Query({ schema: orderPageQuerySchema }) query: OrderPageQuery): Promise<OrderPage> {
    return this.queryBus.execute(new ListOrdersQuery('all', query.page, query.pageSize));
  }

  @Get('summary')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'How many orders, how many Paid, and Total Sales (Paid orders)' })
  @ApiOkResponse({ standardSchema: adminOrderSummarySchema })
  async summary(): Promise<AdminOrderSummary> {
    const summary = await this.queryBus.execute(new OrderSummaryQuery('all'));
    return {
      orderCount: summary.orderCount,
      paidCount: summary.paidCount,
      totalSales: summary.paidTotal,
    };
  }

  @Get(':id')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One order' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  async get(@Param('id') id: string): Promise<Order> {
    const order = await this.queryBus.execute(new FindOrderQuery(id));
    if (!order) throw orderNotFound();
    return order;
  }

  @Put(':id/status')
  @Access('admin')
  @ApiOperation({ summary: 'Set Pending or Delivered (Delivered e-mails the customer once)' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  @ApiConflictResponse({
    description: 'A cancelled order cannot be delivered',
    standardSchema: errorBodySchema,
  })
  setStatus(
    @Param('id') id: string,
    @Body({ schema: updateOrderStatusSchema }) input: UpdateOrderStatus,
    @CurrentActor() actor: AuditActor,
  ): Promise<Order> {
    return this.commandBus.execute(
      new SetDeliveryStatusCommand(requireOrderId(id), actor, input.orderStatus),
    );
  }

  @Post(':id/payment')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Record a payment received outside PayPal (UnPaid → Paid)' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiConflictResponse({ description: 'The order is not unpaid', standardSchema: errorBodySchema })
  recordPayment(
    @Param('id') id: string,
    @Body({ schema: orderNoteSchema }) input: OrderNote,
    @CurrentActor() actor: AuditActor,
  ): Promise<Order> {
    return this.commandBus.execute(
      new RecordOfflinePaymentCommand(requireOrderId(id), actor, input.reason),
    );
  }

  @Post(':id/cancel')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel an unpaid order, with the reason' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiConflictResponse({ description: 'The order is not unpaid', standardSchema: errorBodySchema })
  cancel(
    @Param('id') id: string,
    @Body({ schema: orderNoteSchema }) input: OrderNote,
    @CurrentActor() actor: AuditActor,
  ): Promise<Order> {
    return this.commandBus.execute(
      new CancelOrderCommand(requireOrderId(id), { kind: 'admin', ...actor }, input.reason),
    );
  }
}
