import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionStore } from '../../sessions/session-store.js';
import { LogOutCommand } from './log-out.command.js';

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(private readonly sessions: SessionStore) {}

  async execute({ sessionToken }: LogOutCommand): Promise<void> {
    if (sessionToken) await this.sessions.end(sessionToken);
  }
}
