import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  AUTH_MESSAGES,
  type Notice,
  noticeSchema,
  type VerifyEmail,
  verifyEmailSchema,
} from '../../../../contracts/identity.js';
import { Access } from '../../../../platform/auth/access.js';
import { VerifyEmailCommand } from './verify-email.command.js';

@ApiTags('auth')
@Controller('api/auth/email-verification/confirm')
export class VerifyEmailHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Verify the e-mail address with the link sent at registration' })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiBadRequestResponse({
    description: 'Invalid, used or expired link',
    standardSchema: errorBodySchema,
  })
  async verify(@Body({ schema: verifyEmailSchema }) input: VerifyEmail): Promise<Notice> {
    await this.commandBus.execute(new VerifyEmailCommand(input.token));
    return { message: AUTH_MESSAGES.emailVerified };
  }
}
