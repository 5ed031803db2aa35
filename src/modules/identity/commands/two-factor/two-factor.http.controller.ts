import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type Notice,
  noticeSchema,
  type RecoveryCodes,
  recoveryCodesSchema,
  type Session,
  sessionSchema,
  STAFF_AUTH_MESSAGES,
  type TwoFactorCodeInput,
  twoFactorCodeSchema,
  type TwoFactorLogin,
  twoFactorLoginSchema,
  type TwoFactorSetup,
  twoFactorSetupSchema,
} from '../../../../contracts/identity.js';
import { Access, type AuthContext, CurrentAuth, STAFF } from '../../../../platform/auth/access.js';
import { clientInfo } from '../../http/client-info.js';
import { SessionReader } from '../../queries/get-session/session-reader.js';
import { SessionCookie } from '../../sessions/session-cookie.js';
import { TwoFactorEnrolment } from '../../http/two-factor-enrolment.js';
import {
  CompleteTwoFactorLoginCommand,
  ConfirmTwoFactorCommand,
  DisableTwoFactorCommand,
  SetUpTwoFactorCommand,
} from './two-factor.commands.js';

const throttledResponse = ApiTooManyRequestsResponse({
  description: 'Too many wrong codes; see Retry-After',
  standardSchema: errorBodySchema,
});

/**
 * A staff account's two-factor sign-in: staff routes that an admin whom REQUIRE_ADMIN_2FA keeps out
 * of the rest of the admin API may call, to enrol.
 */
@ApiTags('account')
@Controller('api/account/two-factor')
export class TwoFactorHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('setup')
  @Access(STAFF.any)
  @TwoFactorEnrolment()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Start enrolling: a new TOTP secret, shown once (staff accounts)' })
  @ApiOkResponse({ standardSchema: twoFactorSetupSchema })
  @ApiConflictResponse({ description: 'Already on', standardSchema: errorBodySchema })
  setUp(@CurrentAuth() auth: AuthContext): Promise<TwoFactorSetup> {
    return this.commandBus.execute(new SetUpTwoFactorCommand(auth));
  }

  @Post('confirm')
  @Access(STAFF.any)
  @TwoFactorEnrolment()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Turn two-factor sign-in on with a code; answers the recovery codes' })
  @ApiOkResponse({ standardSchema: recoveryCodesSchema })
  @ApiBadRequestResponse({ description: 'Wrong code', standardSchema: errorBodySchema })
  @throttledResponse
  confirm(
    @CurrentAuth() auth: AuthContext,
    @Body({ schema: twoFactorCodeSchema }) input: TwoFactorCodeInput,
    @Req() request: FastifyRequest,
  ): Promise<RecoveryCodes> {
    return this.commandBus.execute(
      new ConfirmTwoFactorCommand(auth, input.code, clientInfo(request).ip),
    );
  }

  @Post('disable')
  @Access(STAFF.any)
  @TwoFactorEnrolment()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Turn two-factor sign-in off with a code or a recovery code' })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiBadRequestResponse({ description: 'Wrong code', standardSchema: errorBodySchema })
  @throttledResponse
  async disable(
    @CurrentAuth() auth: AuthContext,
    @Body({ schema: twoFactorCodeSchema }) input: TwoFactorCodeInput,
    @Req() request: FastifyRequest,
  ): Promise<Notice> {
    await this.commandBus.execute(
      new DisableTwoFactorCommand(auth, input.code, clientInfo(request).ip),
    );
    return { message: STAFF_AUTH_MESSAGES.twoFactorDisabled };
  }
}

@ApiTags('auth')
@Controller('api/auth/login/two-factor')
export class TwoFactorLoginHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookie: SessionCookie,
    private readonly sessionReader: SessionReader,
  ) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Second step of a sign-in: the code (or a recovery code); sets the cookie',
  })
  @ApiOkResponse({ standardSchema: sessionSchema })
  @ApiUnauthorizedResponse({
    description: 'Wrong code, or the sign-in expired',
    standardSchema: errorBodySchema,
  })
  @throttledResponse
  async complete(
    @Body({ schema: twoFactorLoginSchema }) input: TwoFactorLogin,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Session> {
    const token = await this.commandBus.execute(
      new CompleteTwoFactorLoginCommand(input, clientInfo(request)),
    );
    this.cookie.write(reply, token);
    return this.sessionReader.forToken(token);
  }
}
