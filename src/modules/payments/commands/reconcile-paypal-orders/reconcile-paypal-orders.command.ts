import { Command } from '@nestjs/cqrs';

/**
 * Finishes what a lost webhook or a closed tab left open: each PayPal order created but not captured
 * for `olderThanMs` is looked up at PayPal. Answers how many it changed.
 */
export class ReconcilePaypalOrdersCommand extends Command<number> {
  constructor(readonly olderThanMs: number) {
    super();
  }
}
