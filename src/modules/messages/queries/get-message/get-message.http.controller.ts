import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type Message, MESSAGE_TEXTS, messageSchema } from '../../../../contracts/messages.js';
import { Access, STAFF } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { GetMessageQuery } from './get-message.query.js';

@ApiTags('messages')
@Controller('api/admin/messages')
export class GetMessageHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One contact message' })
  @ApiOkResponse({ standardSchema: messageSchema })
  @ApiNotFoundResponse({ description: 'No such message', standardSchema: errorBodySchema })
  get(@Param('id') id: string): Promise<Message> {
    return this.queryBus.execute(new GetMessageQuery(requireRecordId(id, MESSAGE_TEXTS.notFound)));
  }
}
