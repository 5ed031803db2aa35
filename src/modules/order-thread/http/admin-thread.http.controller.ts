import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type OrderMessage,
  orderMessageSchema,
  type OrderThread,
  type OrderThreadRead,
  orderThreadReadSchema,
  orderThreadSchema,
  type PostAdminOrderMessage,
  postAdminOrderMessageSchema,
  type UnreadMessages,
  unreadMessagesSchema,
} from '../../../contracts/order-thread.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { MarkThreadReadCommand } from '../commands/mark-read/mark-thread-read.command.js';
import { PostOrderMessageCommand } from '../commands/post-message/post-message.command.js';
import { requireThreadOrderId } from '../domain/thread-errors.js';
import { GetOrderThreadQuery } from '../queries/get-thread/get-thread.query.js';
import { UnreadOrderMessagesQuery } from '../queries/unread-messages/unread-messages.query.js';

const NO_ORDER = { description: 'No such order', standardSchema: errorBodySchema };

/** Every order's thread, for admins: the customer's messages, the agency's and the internal notes. */
@ApiTags('order thread')
@Controller('api/admin/orders')
export class AdminThreadHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('unread')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Customers’ messages no admin has read, per order (newest first) and in all',
  })
  @ApiOkResponse({ standardSchema: unreadMessagesSchema })
  unread(): Promise<UnreadMessages> {
    return this.queryBus.execute(new UnreadOrderMessagesQuery({ kind: 'admin' }));
  }

  @Get(':id/messages')
  @Access(STAFF.orders)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The thread of an order, oldest first, with the internal notes' })
  @ApiOkResponse({ standardSchema: orderThreadSchema })
  @ApiNotFoundResponse(NO_ORDER)
  thread(@Param('id') id: string): Promise<OrderThread> {
    return this.queryBus.execute(
      new GetOrderThreadQuery(requireThreadOrderId(id), { kind: 'admin' }),
    );
  }

  @Post(':id/messages')
  @Access(STAFF.orders)
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary:
      'Write to the order’s customer, or (`internal: true`) an internal note only admins see',
    description:
      '`attachments`: ids of files uploaded for this order (POST /api/orders/{id}/files), at most 5.',
  })
  @ApiCreatedResponse({ standardSchema: orderMessageSchema })
  @ApiBadRequestResponse({
    description: 'Invalid message, or a file that is not an attachment of this order',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse(NO_ORDER)
  post(
    @Param('id') id: string,
    @Body({ schema: postAdminOrderMessageSchema }) input: PostAdminOrderMessage,
    @CurrentActor() actor: AuditActor,
  ): Promise<OrderMessage> {
    return this.commandBus.execute(
      new PostOrderMessageCommand(
        requireThreadOrderId(id),
        { kind: 'admin', ...actor },
        actor.accountId,
        input,
      ),
    );
  }

  @Post(':id/messages/read')
  @Access(STAFF.orders)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'The admins have read the order’s thread (one marker for all admins)' })
  @ApiOkResponse({ standardSchema: orderThreadReadSchema })
  @ApiNotFoundResponse(NO_ORDER)
  read(@Param('id') id: string): Promise<OrderThreadRead> {
    return this.commandBus.execute(
      new MarkThreadReadCommand(requireThreadOrderId(id), { kind: 'admin' }),
    );
  }
}
