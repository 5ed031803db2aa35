import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { readCookie } from '../../../platform/http/cookies.js';
import { SESSION_IDLE_SECONDS } from './session-store.js';

/**
 * The session cookie: HttpOnly and SameSite=Lax always; over HTTPS also Secure with the `__Host-`
 * prefix, which pins it to this host and path `/`.
 */
@Injectable()
export class SessionCookie {
  readonly name: string;
  /** Served over HTTPS: cookies are Secure. */
  readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = new URL(config.PUBLIC_URL).protocol === 'https:';
    this.name = this.secure ? '__Host-sid' : 'sid';
  }

  read(request: FastifyRequest): string | undefined {
    const token = readCookie(request, this.name);
    return token && /^[\w-]{20,100}$/.test(token) ? token : undefined;
  }

  write(reply: FastifyReply, token: string): void {
    void reply.setCookie(this.name, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: SESSION_IDLE_SECONDS,
    });
  }

  clear(reply: FastifyReply): void {
    void reply.clearCookie(this.name, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
    });
  }
}
