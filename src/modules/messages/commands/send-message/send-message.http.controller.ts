import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
  send(@Body({ schema: sendMessageSchema }) input: SendMessage): Promise<Message> {
    return this.commandBus.execute(new SendMessageCommand(input));
  }
}
