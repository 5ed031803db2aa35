import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../sessions/session-store.js';
import type { GoogleIdentity } from './google-oidc.js';

/** Resolves with the new session's cookie token. */
export class SignInWithGoogleCommand extends Command<string> {
  constructor(
    readonly identity: GoogleIdentity,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
