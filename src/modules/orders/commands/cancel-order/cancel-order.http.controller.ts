import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type Order,
  type OrderNote,
  orderNoteSchema,
  orderSchema,
} from '../../../../contracts/orders.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { requireOrderId } from '../../http/order-id.js';
import { CancelOrderCommand } from './cancel-order.command.js';

/** The customer cancels at PayPal's cancel page; an admin cancels with a reason. */
@ApiTags('orders')
@Controller('api')
export class CancelOrderHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('orders/:id/cancel')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel one of the customer’s unpaid orders (the PayPal cancel page)' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  @ApiConflictResponse({ description: 'The order is not unpaid', standardSchema: errorBodySchema })
  cancelOwn(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<Order> {
    return this.commandBus.execute(
      new CancelOrderCommand(
        requireOrderId(id),
        { kind: 'customer', email: auth.account.email },
        null,
      ),
    );
  }

  @Post('admin/orders/:id/cancel')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel an unpaid order, with the reason' })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiConflictResponse({ description: 'The order is not unpaid', standardSchema: errorBodySchema })
  cancelAsAdmin(
    @Param('id') id: string,
    @Body({ schema: orderNoteSchema }) input: OrderNote,
    @CurrentActor() actor: AuditActor,
  ): Promise<Order> {
    return this.commandBus.execute(
      new CancelOrderCommand(requireOrderId(id), { kind: 'admin', ...actor }, input.reason),
    );
  }
}
