import { Command } from '@nestjs/cqrs';
import type { Credentials } from '../../../../contracts/identity.js';
import type { SignInStep } from '../../domain/sign-in.js';
import type { ClientInfo } from '../../sessions/session-store.js';

/** Resolves with the new session's cookie token, or the challenge of a two-factor sign-in. */
export class LogInCommand extends Command<SignInStep> {
  constructor(
    readonly credentials: Credentials,
    readonly client: ClientInfo & { ip: string },
  ) {
    super();
  }
}
