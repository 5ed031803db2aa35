import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type MessagePage,
  type MessagePageQuery,
  messagePageQuerySchema,
  messagePageSchema,
} from '../../../../contracts/messages.js';
import { Access, STAFF } from '../../../../platform/auth/access.js';
import { ListMessagesQuery } from './list-messages.query.js';

@ApiTags('messages')
@Controller('api/admin/messages')
export class ListMessagesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'The contact messages, newest first, one page (by status, by sender name or e-mail)',
  })
  @ApiOkResponse({ standardSchema: messagePageSchema })
  list(@Query({ schema: messagePageQuerySchema }) query: MessagePageQuery): Promise<MessagePage> {
    const { page, pageSize, status, q } = query;
    return this.queryBus.execute(new ListMessagesQuery({ status, sender: q }, { page, pageSize }));
  }
}
