import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { NOTIFICATION_NOT_FOUND } from './reverify-payment-notification.handler.js';
import { ReverifyPaymentNotificationCommand } from './reverify-payment-notification.command.js';

@ApiTags('payments')
@Controller('api/admin/payment-notifications')
export class ReverifyPaymentNotificationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/verify')
  @Access('admin')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Verify a failed, invalid or mismatched notification with PayPal again',
  })
  @ApiAcceptedResponse({ description: 'Queued for verification' })
  @ApiNotFoundResponse({ description: NOTIFICATION_NOT_FOUND, standardSchema: errorBodySchema })
  @ApiConflictResponse({
    description: 'Applied, or being verified',
    standardSchema: errorBodySchema,
  })
  async verifyAgain(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<void> {
    await this.commandBus.execute(
      new ReverifyPaymentNotificationCommand(requireRecordId(id, NOTIFICATION_NOT_FOUND), actor),
    );
  }
}
