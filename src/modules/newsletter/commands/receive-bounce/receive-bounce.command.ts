import { Command } from '@nestjs/cqrs';
import type { BounceProvider } from '../../../../contracts/newsletter-bounces.js';
import type { BounceNotice } from '../../domain/bounce-notices.js';

/** Answers how many of the notices were new (a notice received before is ignored). */
export class ReceiveBounceCommand extends Command<{ recorded: number; replayed: number }> {
  constructor(
    readonly provider: BounceProvider,
    readonly notices: readonly BounceNotice[],
  ) {
    super();
  }
}
