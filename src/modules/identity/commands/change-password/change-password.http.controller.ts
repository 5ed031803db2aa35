import { Body, Controller, HttpCode, HttpStatus, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUTH_MESSAGES,
  type ChangePassword,
  changePasswordSchema,
  type Notice,
  noticeSchema,
} from '../../../../contracts/identity.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { ChangePasswordCommand } from './change-password.handler.js';

@ApiTags('account')
@Controller('api/account/password')
export class ChangePasswordHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put()
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Change the password; signs out every other session' })
  @ApiOkResponse({ standardSchema: noticeSchema })
  async change(
    @CurrentAuth() auth: AuthContext,
    @Body({ schema: changePasswordSchema }) input: ChangePassword,
  ): Promise<Notice> {
    await this.commandBus.execute(new ChangePasswordCommand(auth, input));
    return { message: AUTH_MESSAGES.passwordChanged };
  }
}
