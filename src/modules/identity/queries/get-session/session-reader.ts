import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../../../../contracts/identity.js';
import { GoogleOidc } from '../../google/google-oidc.js';
import { SessionCookie } from '../../sessions/session-cookie.js';
import { SessionStore } from '../../sessions/session-store.js';

/** The SPA's view of who is signed in, and which sign-in methods exist. */
@Injectable()
export class SessionReader {
  constructor(
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
    private readonly google: GoogleOidc,
  ) {}

  async forToken(token: string | undefined): Promise<Session> {
    const auth = token ? await this.sessions.resolve(token) : null;
    return { account: auth?.account ?? null, googleSignIn: this.google.enabled };
  }

  forRequest(request: FastifyRequest): Promise<Session> {
    return this.forToken(this.cookie.read(request));
  }
}
