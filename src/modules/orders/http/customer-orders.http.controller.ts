import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type CustomerOrderPageQuery,
  customerOrderPageQuerySchema,
  type CustomerOrderSummary,
  customerOrderSummarySchema,
  type Order,
  type OrderPage,
  orderPageSchema,
  orderSchema,
  type PlaceOrder,
  placeOrderSchema,
} from '../../../contracts/orders.js';
import { type OrderActivity, orderActivitySchema } from '../../../contracts/workspace.js';
import { Access, type AuthContext, CurrentAuth } from '../../../platform/auth/access.js';
import { PlaceOrderCommand } from '../commands/place-order/place-order.command.js';
import { orderNotFound } from '../domain/order-errors.js';
import { FindOrderQuery } from '../queries/get-order/get-order.query.js';
import { ListOrdersQuery } from '../queries/list-orders/list-orders.query.js';
import { OrderSummaryQuery } from '../queries/list-orders/order-summary.query.js';
import { OrderTimelineQuery } from '../queries/order-timeline/order-timeline.query.js';
import { withPaymentHolds } from '../queries/payment-holds/with-payment-holds.js';

/**
 * A signed-in customer's own orders: nothing here ever answers with someone else's. An UnPaid order
 * says when its payment is pending at PayPal or under review (`paymentHold`), so it offers no Pay Now.
 */
@ApiTags('orders')
@Controller('api/orders')
export class CustomerOrdersHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @Access('customer')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Place an order of a pricing package (name and price from the package)',
  })
  @ApiCreatedResponse({ standardSchema: orderSchema })
  @ApiNotFoundResponse({ description: 'No such package', standardSchema: errorBodySchema })
  place(
    @Body({ schema: placeOrderSchema }) input: PlaceOrder,
    @CurrentAuth() auth: AuthContext,
  ): Promise<Order> {
    return this.commandBus.execute(
      new PlaceOrderCommand(input.packageId, input.customerName, auth.account.email, {
        companyName: input.companyName,
        billingAddress: input.billingAddress,
        taxId: input.taxId,
      }),
    );
  }

  /** GET /api/orders itself is the seed's list (an admin's reads every order there). */
  @Get('mine')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'The signed-in user’s own orders, newest first, one page',
    description:
      '`list=open`: only the open ones (Pending, and neither Cancelled nor Refunded), paged as such.',
  })
  @ApiOkResponse({ standardSchema: orderPageSchema })
  async list(
    @Query({ schema: customerOrderPageQuerySchema }) query: CustomerOrderPageQuery,
    @CurrentAuth() auth: AuthContext,
  ): Promise<OrderPage> {
    const scope = { customerEmail: auth.account.email, openOnly: query.list === 'open' };
    const page = await this.queryBus.execute(
      new ListOrdersQuery(scope, query.page, query.pageSize),
    );
    return { ...page, items: await withPaymentHolds(this.queryBus, page.items) };
  }

  @Get('summary')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'How many orders, and the total spent (Paid orders; every charge of a monthly one)',
  })
  @ApiOkResponse({ standardSchema: customerOrderSummarySchema })
  async summary(@CurrentAuth() auth: AuthContext): Promise<CustomerOrderSummary> {
    const summary = await this.queryBus.execute(
      new OrderSummaryQuery({ customerEmail: auth.account.email }),
    );
    return { orderCount: summary.orderCount, totalSpent: summary.paidTotal };
  }

  @Get(':id')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One of the signed-in customer’s orders' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  async get(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<Order> {
    const order = await this.queryBus.execute(
      new FindOrderQuery(id, { customerEmail: auth.account.email }),
    );
    if (!order) throw orderNotFound();
    const [withHold] = await withPaymentHolds(this.queryBus, [order]);
    return withHold!;
  }

  @Get(':id/timeline')
  @Access('customer')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({
    summary: 'The timeline of one of the signed-in customer’s orders, oldest first',
    description:
      'What happened to the order (placed, paid, details sent, messages, deliveries, …). Never the ' +
      'agency’s internal entries, nor which admin did something.',
  })
  @ApiOkResponse({ standardSchema: z.array(orderActivitySchema) })
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  async timeline(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
  ): Promise<OrderActivity[]> {
    const timeline = await this.queryBus.execute(
      new OrderTimelineQuery(id, 'customer', { customerEmail: auth.account.email }),
    );
    if (!timeline) throw orderNotFound();
    return timeline;
  }
}
