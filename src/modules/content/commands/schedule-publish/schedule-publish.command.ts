import { Command } from '@nestjs/cqrs';
import type { DraftSummary } from '../../../../contracts/content/index.js';
import type { ContentActor } from '../../domain/content-actor.js';

/** Plans the publish of a section's draft at `publishAt` (replacing a pending plan). */
export class SchedulePublishCommand extends Command<DraftSummary> {
  constructor(
    readonly sectionKey: string,
    readonly publishAt: string,
    readonly actor: ContentActor,
  ) {
    super();
  }
}

/** Cancels a section's pending planned publish: its job, when due, does nothing. */
export class CancelScheduledPublishCommand extends Command<void> {
  constructor(
    readonly sectionKey: string,
    readonly actor: ContentActor,
  ) {
    super();
  }
}
