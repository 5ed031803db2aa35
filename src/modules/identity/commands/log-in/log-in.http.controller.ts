import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type Credentials,
  credentialsSchema,
  type LoginResult,
  loginResultSchema,
} from '../../../../contracts/identity.js';
import { Access } from '../../../../platform/auth/access.js';
import { clientInfo } from '../../http/client-info.js';
import { SessionReader } from '../../queries/get-session/session-reader.js';
import { SessionCookie } from '../../sessions/session-cookie.js';
import { LogInCommand } from './log-in.command.js';

@ApiTags('auth')
@Controller('api/auth/login')
export class LogInHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookie: SessionCookie,
    private readonly sessionReader: SessionReader,
  ) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Log in with e-mail and password; sets the session cookie (or, with two-factor sign-in on, answers a challenge for the code)',
  })
  @ApiOkResponse({ standardSchema: loginResultSchema })
  @ApiUnauthorizedResponse({
    description: 'Wrong e-mail or password',
    standardSchema: errorBodySchema,
  })
  @ApiTooManyRequestsResponse({
    description: 'Too many failures; see Retry-After',
    standardSchema: errorBodySchema,
  })
  async logIn(
    @Body({ schema: credentialsSchema }) credentials: Credentials,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResult> {
    const step = await this.commandBus.execute(new LogInCommand(credentials, clientInfo(request)));
    if ('twoFactorChallenge' in step) {
      return { ...(await this.sessionReader.forToken(undefined)), ...step };
    }
    this.cookie.write(reply, step.session);
    return this.sessionReader.forToken(step.session);
  }
}
