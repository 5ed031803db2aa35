import { Command } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';
import type { ContentActor } from '../../domain/content-actor.js';

export class RestoreRevisionCommand extends Command<Entry> {
  constructor(
    readonly sectionKey: string,
    readonly revisionId: string,
    readonly actor: ContentActor | null,
  ) {
    super();
  }
}
