import { Command } from '@nestjs/cqrs';
import type { ContentActor } from '../../domain/content-actor.js';

/** Drops a section's draft (and its planned publish): the published entries stay as they are. */
export class DiscardDraftCommand extends Command<void> {
  constructor(
    readonly sectionKey: string,
    readonly actor: ContentActor,
  ) {
    super();
  }
}
