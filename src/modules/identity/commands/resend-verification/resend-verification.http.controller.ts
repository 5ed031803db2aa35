import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AUTH_MESSAGES, type Notice, noticeSchema } from '../../../../contracts/identity.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { ResendVerificationCommand } from './resend-verification.command.js';

@ApiTags('account')
@Controller('api/account/email-verification')
export class ResendVerificationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('customer')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Send a new verification link to the signed-in account (if unverified)',
  })
  @ApiAcceptedResponse({ standardSchema: noticeSchema })
  async resend(@CurrentAuth() { account }: AuthContext): Promise<Notice> {
    const sent = await this.commandBus.execute(new ResendVerificationCommand(account));
    return { message: sent ? AUTH_MESSAGES.verificationSent : AUTH_MESSAGES.emailVerified };
  }
}
