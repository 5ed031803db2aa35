import { Body, Controller, Param, Put } from '@nestjs/common';
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
  orderSchema,
  type UpdateOrderStatus,
  updateOrderStatusSchema,
} from '../../../../contracts/orders.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireOrderId } from '../../http/order-id.js';
import { SetDeliveryStatusCommand } from './set-delivery-status.command.js';

@ApiTags('orders')
@Controller('api/admin/orders')
export class SetDeliveryStatusHttpController {
  constructor(private readonly commandBus: CommandBus) {}

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
}
