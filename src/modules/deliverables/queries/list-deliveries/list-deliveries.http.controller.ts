import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Delivery, deliveryListSchema } from '../../../../contracts/deliverables.js';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { Access, type AuthContext, CurrentAuth, STAFF } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { ListDeliveriesQuery } from './list-deliveries.query.js';

/** An order's deliveries, for its customer and for the admins. */
@ApiTags('deliverables')
@Controller('api')
export class ListDeliveriesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('orders/:id/deliveries')
  @Access('customer')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'The deliveries of one of the customer’s orders, newest round first' })
  @ApiOkResponse({ standardSchema: deliveryListSchema })
  @ApiNotFoundResponse({
    description: 'No such order of this customer (someone else’s: the same answer)',
    standardSchema: errorBodySchema,
  })
  listOwn(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<Delivery[]> {
    return this.queryBus.execute(
      new ListDeliveriesQuery(requireRecordId(id, ORDER_TEXTS.notYours), {
        kind: 'customer',
        email: auth.account.email,
      }),
    );
  }

  @Get('admin/orders/:id/deliveries')
  @Access(STAFF.orders)
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'The deliveries of an order, newest round first' })
  @ApiOkResponse({ standardSchema: deliveryListSchema })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  listAsAdmin(@Param('id') id: string): Promise<Delivery[]> {
    return this.queryBus.execute(
      new ListDeliveriesQuery(requireRecordId(id, ORDER_TEXTS.notYours), { kind: 'admin' }),
    );
  }
}
