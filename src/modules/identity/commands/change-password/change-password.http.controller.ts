import { Body, Controller, HttpCode, HttpStatus, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  AUTH_MESSAGES,
  type ChangePassword,
  changePasswordSchema,
  type Notice,
  noticeSchema,
} from '../../../../contracts/identity.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { ChangePasswordCommand } from './change-password.command.js';

@ApiTags('account')
@Controller('api/account/password')
export class ChangePasswordHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put()
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Change the password; signs out every other session' })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiTooManyRequestsResponse({
    description: 'Too many wrong current passwords; see Retry-After',
    standardSchema: errorBodySchema,
  })
  async change(
    @CurrentAuth() auth: AuthContext,
    @Body({ schema: changePasswordSchema }) input: ChangePassword,
    @Req() request: FastifyRequest,
  ): Promise<Notice> {
    await this.commandBus.execute(new ChangePasswordCommand(auth, input, request.ip));
    return { message: AUTH_MESSAGES.passwordChanged };
  }
}
