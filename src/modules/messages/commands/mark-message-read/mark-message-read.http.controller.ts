import { Body, Controller, Header, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type MarkMessageRead,
  markMessageReadSchema,
  MESSAGE_TEXTS,
  type MessageRead,
  messageReadSchema,
} from '../../../../contracts/messages.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access, STAFF } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { MarkMessageReadCommand } from './mark-message-read.command.js';

@ApiTags('messages')
@Controller('api/admin/messages')
export class MarkMessageReadHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(':id')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: "Mark a message Read (again: no change); 'UnRead' is refused, nothing reverses it",
  })
  @ApiOkResponse({ standardSchema: messageReadSchema })
  @ApiNotFoundResponse({ description: 'No such message', standardSchema: errorBodySchema })
  async markRead(
    @Param('id') id: string,
    // Only `messageStatus: 'Read'` passes: the body says what is asked, so 'UnRead' is a 400 naming it.
    @Body({ schema: markMessageReadSchema }) _input: MarkMessageRead,
    @CurrentActor() actor: AuditActor,
  ): Promise<MessageRead> {
    const message = await this.commandBus.execute(
      new MarkMessageReadCommand(requireRecordId(id, MESSAGE_TEXTS.notFound), actor),
    );
    return { message, notice: MESSAGE_TEXTS.read };
  }
}
