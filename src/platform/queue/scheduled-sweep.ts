import { Logger } from '@nestjs/common';
import type { JobProcessor } from './queue-processor.decorator.js';

export const HOURLY_MS = 3_600_000;

/** When a sweep runs: its job scheduler's id (also the name of the jobs it adds) and its period. */
export interface SweepSchedule {
  readonly id: string;
  /**
   * Milliseconds between runs, or undefined where this deployment must not run the sweep: then the
   * scheduler an earlier start upserted is removed, or it would keep adding jobs.
   */
  readonly everyMs: number | undefined;
}

/**
 * A @QueueProcessor that a job scheduler runs every so often to tidy or finish rows left behind
 * (expired, settled, stale). A subclass says when (`schedule`) and what (`sweep`, which returns how
 * many rows of each kind it touched); the worker runner upserts the schedule when it starts the
 * queue's worker, so only the worker role schedules and one scheduler serves however many workers.
 */
export abstract class ScheduledSweep<
  Counts extends Record<string, number>,
> implements JobProcessor {
  abstract readonly schedule: SweepSchedule;
  /** What the log says after a run that touched anything (a run that touched nothing is quiet). */
  protected abstract readonly summary: string;
  private readonly logger = new Logger(this.constructor.name);

  protected abstract sweep(): Promise<Counts>;

  async process(): Promise<Counts> {
    const counts = await this.sweep();
    if (Object.values(counts).some((count) => count > 0)) this.logger.log(counts, this.summary);
    return counts;
  }
}
