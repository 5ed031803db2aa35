import { Command } from '@nestjs/cqrs';

export class SubscribeCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly ip: string,
  ) {
    super();
  }
}
