import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type Order,
  type OrderNote,
  orderNoteSchema,
  orderSchema,
} from '../../../../contracts/orders.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireOrderId } from '../../http/order-id.js';
import { RecordOfflinePaymentCommand } from './record-offline-payment.command.js';

@ApiTags('orders')
@Controller('api/admin/orders')
export class RecordOfflinePaymentHttpController {
  constructor(private readonly commandBus: CommandBus) {}

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
}
