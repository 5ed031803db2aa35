import { Command } from '@nestjs/cqrs';

/** Ends the session the request's cookie names (nothing to do without one). */
export class LogOutCommand extends Command<void> {
  constructor(readonly sessionToken: string | undefined) {
    super();
  }
}
