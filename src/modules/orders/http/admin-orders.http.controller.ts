import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type AdminOrderPageQuery,
  adminOrderPageQuerySchema,
  type AdminOrderSummary,
  adminOrderSummarySchema,
  type DueOrderPageQuery,
  dueOrderPageQuerySchema,
  type Order,
  type OrderPage,
  orderPageSchema,
  orderSchema,
} from '../../../contracts/orders.js';
import { type OrderActivity, orderActivitySchema } from '../../../contracts/workspace.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { orderNotFound } from '../domain/order-errors.js';
import { FindOrderQuery } from '../queries/get-order/get-order.query.js';
import { ListAdminOrdersQuery } from '../queries/list-admin-orders/list-admin-orders.query.js';
import { ListDueOrdersQuery } from '../queries/list-due-orders/list-due-orders.query.js';
import { OrderSummaryQuery } from '../queries/list-orders/order-summary.query.js';
import { GetMailFlagsQuery } from '../../newsletter/index.js';
import { OrderTimelineQuery } from '../queries/order-timeline/order-timeline.query.js';

/**
 * Every order, for admins: the list, the totals and one order. Its changes are use cases of their own
 * (commands/cancel-order, record-offline-payment, set-delivery-status).
 */
@ApiTags('orders')
@Controller('api/admin/orders')
export class AdminOrdersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Every order, or the filtered ones (a part of the name or e-mail, payment and order status, order days from/to in UTC, one-off or monthly billing), newest first, one page',
  })
  @ApiOkResponse({ standardSchema: orderPageSchema })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  list(
    @Query({ schema: adminOrderPageQuerySchema }) query: AdminOrderPageQuery,
  ): Promise<OrderPage> {
    const { page, pageSize, ...filter } = query;
    return this.queryBus.execute(new ListAdminOrdersQuery(filter, page, pageSize));
  }

  @Get('summary')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'How many orders, how many Paid, and Total Sales (Paid orders; every charge of a monthly one)',
  })
  @ApiOkResponse({ standardSchema: adminOrderSummarySchema })
  async summary(): Promise<AdminOrderSummary> {
    const summary = await this.queryBus.execute(new OrderSummaryQuery('all'));
    return {
      orderCount: summary.orderCount,
      paidCount: summary.paidCount,
      totalSales: summary.paidTotal,
    };
  }

  @Get('due')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Due soon / overdue: the Pending paid (or disputed) orders with a due date, soonest first, one page',
  })
  @ApiOkResponse({ standardSchema: orderPageSchema })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  due(@Query({ schema: dueOrderPageQuerySchema }) query: DueOrderPageQuery): Promise<OrderPage> {
    return this.queryBus.execute(new ListDueOrdersQuery(query.page, query.pageSize));
  }

  @Get(':id/timeline')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'An order’s whole timeline, oldest first: internal entries and admins’ e-mails too',
  })
  @ApiOkResponse({ standardSchema: z.array(orderActivitySchema) })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  async timeline(@Param('id') id: string): Promise<OrderActivity[]> {
    const timeline = await this.queryBus.execute(new OrderTimelineQuery(id, 'admin'));
    if (!timeline) throw orderNotFound();
    return timeline;
  }

  @Get(':id')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One order' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  async get(@Param('id') id: string): Promise<Order> {
    const order = await this.queryBus.execute(new FindOrderQuery(id));
    if (!order) throw orderNotFound();
    const flags = await this.queryBus.execute(new GetMailFlagsQuery([order.customerEmail]));
    return { ...order, customerMailFlag: flags.get(order.customerEmail.toLowerCase()) ?? null };
  }
}
