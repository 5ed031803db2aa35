import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  type DeliverWork,
  deliverWorkSchema,
  type Delivery,
  deliverySchema,
} from '../../../../contracts/deliverables.js';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { DeliverWorkCommand } from './deliver-work.command.js';

@ApiTags('deliverables')
@Controller('api/admin/orders')
export class DeliverWorkHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/deliveries')
  @Access('admin')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary:
      'Deliver files uploaded to the order as deliverables, with a note: a new round; the customer is e-mailed',
  })
  @ApiCreatedResponse({ standardSchema: deliverySchema })
  @ApiBadRequestResponse({
    description: 'A file that is not a deliverable of this order, no file, or a bad note',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  @ApiConflictResponse({
    description: 'The order is not paid, awaits its details, or is approved already',
    standardSchema: errorBodySchema,
  })
  deliver(
    @Param('id') id: string,
    @Body({ schema: deliverWorkSchema }) input: DeliverWork,
    @CurrentActor() actor: AuditActor,
  ): Promise<Delivery> {
    return this.commandBus.execute(
      new DeliverWorkCommand(requireRecordId(id, ORDER_TEXTS.notYours), actor, input),
    );
  }
}
