import { Command } from '@nestjs/cqrs';
import type { ContentActor } from '../../domain/content-actor.js';

export class DeleteEntryCommand extends Command<void> {
  constructor(
    readonly sectionKey: string,
    readonly id: string,
    readonly actor: ContentActor | null,
  ) {
    super();
  }
}
