import { Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../../../platform/auth/access.js';
import { SessionCookie } from '../../sessions/session-cookie.js';
import { SessionStore } from '../../sessions/session-store.js';

@ApiTags('auth')
@Controller('api/auth/logout')
export class LogOutHttpController {
  constructor(
    private readonly sessions: SessionStore,
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
    const token = this.cookie.read(request);
    if (token) await this.sessions.end(token);
    this.cookie.clear(reply);
  }
}
