import { Controller, Delete, Header, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type Notice, noticeSchema } from '../../../../contracts/identity.js';
import { NEWSLETTER_MESSAGES } from '../../../../contracts/newsletter.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { RemoveSubscriberCommand } from './remove-subscriber.command.js';

@ApiTags('newsletter')
@Controller('api/admin/subscribers')
export class RemoveSubscriberHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete(':id')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Remove an address from the newsletter (its e-mailed links stop working)',
  })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiNotFoundResponse({ description: 'No such subscriber', standardSchema: errorBodySchema })
  async remove(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<Notice> {
    await this.commandBus.execute(
      new RemoveSubscriberCommand(requireRecordId(id, NEWSLETTER_MESSAGES.notFound), actor),
    );
    return { message: NEWSLETTER_MESSAGES.removed };
  }
}
