import { Command } from '@nestjs/cqrs';

/**
 * Keeps the open subscriptions in step with PayPal whatever webhooks were lost: those awaiting
 * approval for `olderThanMs`, and the active and suspended ones, each read from PayPal in turn.
 * Answers how many it changed (a status, a failed charge, or new charges).
 */
export class ReconcileSubscriptionsCommand extends Command<number> {
  constructor(readonly olderThanMs: number) {
    super();
  }
}
