import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { QueueProcessor } from '../../../../platform/queue/queue-processor.decorator.js';
import {
  HOURLY_MS,
  ScheduledSweep,
  type SweepSchedule,
} from '../../../../platform/queue/scheduled-sweep.js';
import { DELIVERABLES_QUEUE } from '../../jobs/deliverables.queues.js';
import { AutoApproveDeliveriesCommand } from './auto-approve-deliveries.command.js';

/** The job scheduler's id, and the name of the jobs it adds. */
export const AUTO_APPROVE_JOB = 'auto-approve-deliveries';

/**
 * Every hour, approves the deliveries left without an answer for DELIVERY_AUTO_APPROVE_DAYS: the
 * customer is told by the delivered e-mail, the admins by theirs. Its jobs retry with backoff
 * (JOB_ATTEMPTS) and stay in the queue dashboard when they fail for good.
 */
@Injectable()
@QueueProcessor(DELIVERABLES_QUEUE.name)
export class AutoApproveDeliveriesProcessor extends ScheduledSweep<{ approved: number }> {
  readonly schedule: SweepSchedule = { id: AUTO_APPROVE_JOB, everyMs: HOURLY_MS };
  protected readonly summary = 'Deliveries approved automatically';

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected async sweep(): Promise<{ approved: number }> {
    const approved = await this.commandBus.execute(
      new AutoApproveDeliveriesCommand(this.config.DELIVERY_AUTO_APPROVE_DAYS),
    );
    return { approved };
  }
}
