import { Command } from '@nestjs/cqrs';

export class SubscribeCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly ip: string,
    /**
     * false: an address that unsubscribed stays so and is sent nothing (a sign-up ticked on another
     * form, like the SEO check's, never brings back someone who left).
     */
    readonly renewUnsubscribed = true,
    /**
     * The id of the event that asks for this sign-up, when one does (a handler's retry then sends no
     * second confirmation link); none for a visitor's own request.
     */
    readonly causeId?: string,
  ) {
    super();
  }
}
