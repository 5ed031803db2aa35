import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type Message,
  type SendMessage,
  messageSchema,
  sendMessageSchema,
} from '../../../../contracts/messages.js';
import { Access } from '../../../../platform/auth/access.js';
import { SendMessageCommand } from './send-message.command.js';

@ApiTags('messages')
@Controller('api/messages')
export class SendMessageHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Send a message from the contact form' })
  @ApiCreatedResponse({ standardSchema: messageSchema })
  @ApiTooManyRequestsResponse({
    description: 'Too many messages from this address or client (Retry-After says when to retry)',
    standardSchema: errorBodySchema,
  })
  send(
    @Body({ schema: sendMessageSchema }) input: SendMessage,
    @Req() request: FastifyRequest,
  ): Promise<Message> {
    return this.commandBus.execute(new SendMessageCommand(input, request.ip));
  }
}
