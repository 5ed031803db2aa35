import { Command } from '@nestjs/cqrs';
import type { Credentials } from '../../../../contracts/identity.js';
import type { ClientInfo } from '../../sessions/session-store.js';

/** Resolves with the new session's cookie token. */
export class LogInCommand extends Command<string> {
  constructor(
    readonly credentials: Credentials,
    readonly client: ClientInfo & { ip: string },
  ) {
    super();
  }
}
