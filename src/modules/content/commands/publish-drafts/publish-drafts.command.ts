import { Command } from '@nestjs/cqrs';
import type { PublishResult } from '../../../../contracts/content/index.js';
import type { ContentActor } from '../../domain/content-actor.js';

/** Publishes one section's draft (`sectionKey`), or every draft (`null`), in one transaction. */
export class PublishDraftsCommand extends Command<PublishResult> {
  constructor(
    readonly sectionKey: string | null,
    readonly actor: ContentActor,
  ) {
    super();
  }
}
