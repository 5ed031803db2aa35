import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  AUTH_MESSAGES,
  type Notice,
  noticeSchema,
  type ResetPassword,
  resetPasswordSchema,
} from '../../../../contracts/identity.js';
import { Access } from '../../../../platform/auth/access.js';
import { ResetPasswordCommand } from './reset-password.command.js';

@ApiTags('auth')
@Controller('api/auth/password-reset/confirm')
export class ResetPasswordHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Set a new password with a reset link; ends every session of the account',
  })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiBadRequestResponse({
    description: 'Invalid, used or expired link',
    standardSchema: errorBodySchema,
  })
  async reset(@Body({ schema: resetPasswordSchema }) input: ResetPassword): Promise<Notice> {
    await this.commandBus.execute(new ResetPasswordCommand(input));
    return { message: AUTH_MESSAGES.passwordReset };
  }
}
