import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type * as Oidc from 'openid-client';
import { GOOGLE_SIGN_IN_ERRORS } from '../../../contracts/identity.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';

/** What the browser keeps (HttpOnly cookie) between leaving for Google and coming back. */
export interface GoogleFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/** The identity Google vouches for, from a verified ID token. */
export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
}

export const CALLBACK_PATH = '/api/auth/google/callback';

/**
 * Google sign-in as an OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client).
 * The provider's metadata is discovered once, on first use; openid-client is read then too (a worker
 * never signs anyone in).
 */
@Injectable()
export class GoogleOidc {
  private configuration?: Promise<Oidc.Configuration>;
  private readonly redirectUri: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.redirectUri = new URL(CALLBACK_PATH, config.PUBLIC_URL).toString();
  }

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  async start(returnTo: string): Promise<{ url: string; flow: GoogleFlow }> {
    const oidc = await openidClient();
    const flow: GoogleFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      returnTo,
    };
    const url = oidc.buildAuthorizationUrl(await this.discover(), {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    return { url: url.toString(), flow };
  }

  /**
   * Redeems the code of the provider's answer (the callback's query string); throws unless state, nonce,
   * PKCE, issuer, audience and signature all check out. The answer came to the configured redirect URI,
   * whatever the spelling of the request target (`/%61pi/…`, absolute form): that URI is the one sent.
   */
  async finish(callbackQuery: string, flow: GoogleFlow): Promise<GoogleIdentity> {
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.search = callbackQuery;
    const oidc = await openidClient();
    const tokens = await oidc.authorizationCodeGrant(await this.discover(), callbackUrl, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('No ID token');
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true,
    };
  }

  private discover(): Promise<Oidc.Configuration> {
    const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: secret, GOOGLE_ISSUER } = this.config;
    if (!clientId || !secret) throw new NotFoundException(GOOGLE_SIGN_IN_ERRORS.unavailable);
    const issuer = new URL(GOOGLE_ISSUER);
    this.configuration ??= openidClient()
      .then((oidc) =>
        oidc.discovery(issuer, clientId, secret, undefined, {
          // Plain HTTP is only accepted for a localhost issuer (configuration refuses any other).
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        }),
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}

const openidClient = () => import('openid-client');
