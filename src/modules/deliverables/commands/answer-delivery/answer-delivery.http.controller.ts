import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type RequestChanges, requestChangesSchema } from '../../../../contracts/deliverables.js';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type Order, ORDER_TEXTS, orderSchema } from '../../../../contracts/orders.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { ApproveDeliveryCommand, RequestChangesCommand } from './answer-delivery.command.js';

const NOT_FOUND = {
  description: 'No such order of this customer (someone else’s: the same answer)',
  standardSchema: errorBodySchema,
};
const NOTHING_TO_ANSWER = {
  description: 'Nothing delivered awaits an answer (the order’s reason)',
  standardSchema: errorBodySchema,
};

/** The customer's answer to the latest delivery of their order. */
@ApiTags('deliverables')
@Controller('api/orders')
export class AnswerDeliveryHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/deliveries/approve')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Approve the delivered work: the order becomes Delivered (the customer’s own orders)',
  })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(NOTHING_TO_ANSWER)
  approve(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<Order> {
    return this.commandBus.execute(
      new ApproveDeliveryCommand(requireRecordId(id, ORDER_TEXTS.notYours), auth.account.email),
    );
  }

  @Post(':id/deliveries/request-changes')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Ask for changes to the delivered work, with a message: the work reopens',
  })
  @ApiOkResponse({ standardSchema: orderSchema })
  @ApiBadRequestResponse({
    description: 'No message, or too long',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(NOTHING_TO_ANSWER)
  requestChanges(
    @Param('id') id: string,
    @Body({ schema: requestChangesSchema }) input: RequestChanges,
    @CurrentAuth() auth: AuthContext,
  ): Promise<Order> {
    return this.commandBus.execute(
      new RequestChangesCommand(
        requireRecordId(id, ORDER_TEXTS.notYours),
        auth.account.email,
        input.message,
      ),
    );
  }
}
