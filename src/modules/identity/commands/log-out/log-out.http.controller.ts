import { Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../../../platform/auth/access.js';
import { SessionCookie } from '../../sessions/session-cookie.js';
import { LogOutCommand } from './log-out.command.js';

@ApiTags('auth')
@Controller('api/auth/logout')
export class LogOutHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookie: SessionCookie,
  ) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Sign out: ends the session on the server and clears the cookie' })
  @ApiNoContentResponse()
  async logOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.commandBus.execute(new LogOutCommand(this.cookie.read(request)));
    this.cookie.clear(reply);
  }
}
