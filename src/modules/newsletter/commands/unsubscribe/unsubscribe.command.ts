import { Command } from '@nestjs/cqrs';

export class UnsubscribeCommand extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}
