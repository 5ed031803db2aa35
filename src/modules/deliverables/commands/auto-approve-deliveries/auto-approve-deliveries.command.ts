import { Command } from '@nestjs/cqrs';

/**
 * The scheduled job's run: every paid order whose latest delivery waited longer than `afterDays`
 * without an answer is approved ('auto'), each in its own transaction. Answers how many it approved.
 */
export class AutoApproveDeliveriesCommand extends Command<number> {
  constructor(readonly afterDays: number) {
    super();
  }
}
