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
  type PostOrderMessage,
  postOrderMessageSchema,
  type UnreadMessages,
  unreadMessagesSchema,
} from '../../../contracts/order-thread.js';
import { Access, type AuthContext, CurrentAuth } from '../../../platform/auth/access.js';
import { MarkThreadReadCommand } from '../commands/mark-read/mark-thread-read.command.js';
import { PostOrderMessageCommand } from '../commands/post-message/post-message.command.js';
import { requireThreadOrderId } from '../domain/thread-errors.js';
import type { ThreadViewer } from '../domain/thread-store.js';
import { GetOrderThreadQuery } from '../queries/get-thread/get-thread.query.js';
import { UnreadOrderMessagesQuery } from '../queries/unread-messages/unread-messages.query.js';

const NOT_YOURS = {
  description: 'No such order of this customer',
  standardSchema: errorBodySchema,
};
const customer = (auth: AuthContext): ThreadViewer => ({
  kind: 'customer',
  email: auth.account.email,
});

/**
 * The thread of the signed-in customer's own orders: someone else's order is a 404, and no answer
 * here ever holds an internal note or an admin's address.
 */
@ApiTags('order thread')
@Controller('api/orders')
export class CustomerThreadHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('unread')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'The agency’s messages the customer has not read, per order (newest first) and in all',
  })
  @ApiOkResponse({ standardSchema: unreadMessagesSchema })
  unread(@CurrentAuth() auth: AuthContext): Promise<UnreadMessages> {
    return this.queryBus.execute(new UnreadOrderMessagesQuery(customer(auth)));
  }

  @Get(':id/messages')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The thread of one of the customer’s orders, oldest first' })
  @ApiOkResponse({ standardSchema: orderThreadSchema })
  @ApiNotFoundResponse(NOT_YOURS)
  thread(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<OrderThread> {
    return this.queryBus.execute(new GetOrderThreadQuery(requireThreadOrderId(id), customer(auth)));
  }

  @Post(':id/messages')
  @Access('customer')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Write to the agency about one of the customer’s orders (text and/or files)',
    description:
      '`attachments`: ids of files uploaded for this order (POST /api/orders/{id}/files), at most 5.',
  })
  @ApiCreatedResponse({ standardSchema: orderMessageSchema })
  @ApiBadRequestResponse({
    description: 'Invalid message, or a file that is not an attachment of this order',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse(NOT_YOURS)
  post(
    @Param('id') id: string,
    @Body({ schema: postOrderMessageSchema }) input: PostOrderMessage,
    @CurrentAuth() auth: AuthContext,
  ): Promise<OrderMessage> {
    return this.commandBus.execute(
      new PostOrderMessageCommand(
        requireThreadOrderId(id),
        { kind: 'customer', email: auth.account.email },
        auth.account.id,
        { ...input, internal: false },
      ),
    );
  }

  @Post(':id/messages/read')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'The customer has read the order’s thread (as far as it goes now)' })
  @ApiOkResponse({ standardSchema: orderThreadReadSchema })
  @ApiNotFoundResponse(NOT_YOURS)
  read(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<OrderThreadRead> {
    return this.commandBus.execute(
      new MarkThreadReadCommand(requireThreadOrderId(id), customer(auth)),
    );
  }
}
