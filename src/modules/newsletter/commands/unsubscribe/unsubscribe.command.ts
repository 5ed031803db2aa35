import { Command } from '@nestjs/cqrs';

/** Answers the notice to show: unsubscribed, or (a test e-mail's link) that nobody was. */
export class UnsubscribeCommand extends Command<string> {
  constructor(readonly token: string) {
    super();
  }
}
