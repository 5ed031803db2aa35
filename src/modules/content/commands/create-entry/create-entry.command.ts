import { Command } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';
import type { ContentActor } from '../../domain/content-actor.js';

export class CreateEntryCommand extends Command<Entry> {
  constructor(
    readonly sectionKey: string,
    readonly input: unknown,
    readonly actor: ContentActor | null,
  ) {
    super();
  }
}
