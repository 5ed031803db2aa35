import { Command } from '@nestjs/cqrs';
import type { SignInStep } from '../domain/sign-in.js';
import type { ClientInfo } from '../sessions/session-store.js';
import type { GoogleIdentity } from './google-oidc.js';

/** Resolves with the new session's cookie token, or the challenge of a two-factor sign-in. */
export class SignInWithGoogleCommand extends Command<SignInStep> {
  constructor(
    readonly identity: GoogleIdentity,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
