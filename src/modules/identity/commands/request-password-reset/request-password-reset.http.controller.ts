import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUTH_MESSAGES,
  type Notice,
  noticeSchema,
  type RequestPasswordReset,
  requestPasswordResetSchema,
} from '../../../../contracts/identity.js';
import { Access } from '../../../../platform/auth/access.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';

@ApiTags('auth')
@Controller('api/auth/password-reset')
export class RequestPasswordResetHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'E-mail a single-use password reset link (valid one hour)',
    description: 'The answer is the same whether or not the e-mail has an account.',
  })
  @ApiAcceptedResponse({ standardSchema: noticeSchema })
  async request(
    @Body({ schema: requestPasswordResetSchema }) input: RequestPasswordReset,
    @Ip() ip: string,
  ): Promise<Notice> {
    await this.commandBus.execute(new RequestPasswordResetCommand(input.email, ip));
    return { message: AUTH_MESSAGES.resetRequested };
  }
}
