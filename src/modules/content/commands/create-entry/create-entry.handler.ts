import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';
import type { ContentActor } from '../../domain/content-actor.js';
import { ContentEntry } from '../../domain/content-entry.entity.js';
import { ContentWrites } from '../../domain/content-writes.js';
import { recordRevision } from '../../domain/record-revision.js';
import { requireSection, toEntryView, validEntryData } from '../../domain/sections.js';

export class CreateEntryCommand extends Command<Entry> {
  constructor(
    readonly sectionKey: string,
    readonly input: unknown,
    readonly actor: ContentActor | null,
  ) {
    super();
  }
}

/** Adds a record to a section; a singleton section that already has its record answers 409. */
@CommandHandler(CreateEntryCommand)
export class CreateEntryHandler implements ICommandHandler<CreateEntryCommand> {
  constructor(private readonly writes: ContentWrites) {}

  async execute({ sectionKey, input, actor }: CreateEntryCommand): Promise<Entry> {
    const section = requireSection(sectionKey);
    const data = validEntryData(section, input);
    return this.writes.run(section, async (em) => {
      const singleton = section.kind === 'singleton';
      const entry = em.create(ContentEntry, {
        id: randomUUID(),
        section: section.key,
        singleton,
        data,
      });
      recordRevision(em, {
        entryId: entry.id,
        section: section.key,
        action: 'created',
        before: null,
        after: data,
        actor,
      });
      return toEntryView(section, entry);
    });
  }
}
