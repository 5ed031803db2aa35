import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../../../../contracts/identity.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { SessionCookie } from '../../sessions/session-cookie.js';
import { SessionStore } from '../../sessions/session-store.js';

/** The SPA's view of who is signed in, and which sign-in methods exist. */
@Injectable()
export class SessionReader {
  private readonly googleSignIn: boolean;

  constructor(
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.googleSignIn = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  }

  async forToken(token: string | undefined): Promise<Session> {
    const auth = token ? await this.sessions.resolve(token) : null;
    return { account: auth?.account ?? null, googleSignIn: this.googleSignIn };
  }

  forRequest(request: FastifyRequest): Promise<Session> {
    return this.forToken(this.cookie.read(request));
  }
}
