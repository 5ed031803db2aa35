import { Controller, Get, Logger, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type GoogleSignInError, isSafeReturnPath } from '../../../contracts/identity.js';
import { Access } from '../../../platform/auth/access.js';
import { readCookie } from '../../../platform/http/cookies.js';
import { clientInfo } from '../http/client-info.js';
import { SessionCookie } from '../sessions/session-cookie.js';
import { CALLBACK_PATH, type GoogleFlow, GoogleOidc } from './google-oidc.js';
import { SignInWithGoogleCommand } from './sign-in-with-google.command.js';
import { GoogleSignInRefused } from './sign-in-with-google.handler.js';

const FLOW_COOKIE = 'google_flow';
const FLOW_COOKIE_PATH = '/api/auth/google';
const DEFAULT_RETURN = '/dashboard';

/**
 * Only a path on this site (the rule of every `next`): never `//host` or a URL elsewhere; printable
 * ASCII, as the Location header it ends in must be (a decoded `%00` or `%E2%80%A8` there would fail
 * the redirect).
 */
function safeReturnPath(value: unknown): string {
  return isSafeReturnPath(value) ? value : DEFAULT_RETURN;
}

function decodeFlow(value: string | undefined): GoogleFlow | undefined {
  if (!value) return undefined;
  try {
    const flow = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as Partial<GoogleFlow>;
    if (
      [flow.state, flow.nonce, flow.codeVerifier, flow.returnTo].every((v) => typeof v === 'string')
    ) {
      return flow as GoogleFlow;
    }
  } catch {
    // A damaged cookie is the same as none.
  }
  return undefined;
}

@ApiTags('auth')
@Controller()
export class GoogleSignInHttpController {
  private readonly logger = new Logger('GoogleSignIn');

  constructor(
    private readonly google: GoogleOidc,
    private readonly commandBus: CommandBus,
    private readonly cookie: SessionCookie,
  ) {}

  @Get('api/auth/google')
  @Access('public')
  @ApiOperation({ summary: 'Start "Sign in with Google" (redirects to Google)' })
  @ApiQuery({
    name: 'returnTo',
    required: false,
    description: 'A path on this site to come back to',
  })
  @ApiFoundResponse({ description: 'To Google' })
  @ApiNotFoundResponse({ description: 'Google sign-in is not configured' })
  async start(@Query('returnTo') returnTo: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { url, flow } = await this.google.start(safeReturnPath(returnTo));
    void reply
      .setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: this.cookie.secure,
        maxAge: 600,
      })
      .header('cache-control', 'no-store')
      .redirect(url, 302);
  }

  @Get(CALLBACK_PATH.slice(1))
  @Access('public')
  @ApiOperation({ summary: 'Google comes back here; signs in and redirects to the return path' })
  @ApiFoundResponse({ description: 'To the return path, or to /login?error=<code>' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const flow = decodeFlow(readCookie(request, FLOW_COOKIE));
    void reply
      .clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH })
      .header('cache-control', 'no-store');
    const refuse = (code: GoogleSignInError) => reply.redirect(`/login?error=${code}`, 302);
    if (!this.google.enabled) return void refuse('unavailable');
    // No flow cookie: not started in this browser (or too long ago), so not this visitor's sign-in.
    if (!flow) return void refuse('failed');
    try {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const identity = await this.google.finish(query, flow);
      const step = await this.commandBus.execute(
        new SignInWithGoogleCommand(identity, clientInfo(request)),
      );
      if ('twoFactorChallenge' in step) {
        // Google was the first factor: the login page asks for the code, then goes on to returnTo.
        const params = new URLSearchParams({
          challenge: step.twoFactorChallenge,
          next: flow.returnTo,
        });
        return void reply.redirect(`/login?${params.toString()}`, 302);
      }
      this.cookie.write(reply, step.session);
      void reply.redirect(flow.returnTo, 302);
    } catch (error) {
      if (error instanceof GoogleSignInRefused) return void refuse(error.code);
      this.logger.warn(
        `Google sign-in refused: ${error instanceof Error ? error.message : String(error)}`,
      );
      void refuse('failed');
    }
  }
}
