import { Command } from '@nestjs/cqrs';

/** An admin removes an address from the newsletter, whatever its status. */
export class RemoveSubscriberCommand extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}
