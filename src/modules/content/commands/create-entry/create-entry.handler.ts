import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';
import { ContentEntry } from '../../domain/content-entry.entity.js';
import { ContentWrites } from '../../domain/content-writes.js';
import { recordRevision } from '../../domain/record-revision.js';
import { requireSection, toEntryView, validEntryData } from '../../domain/sections.js';
import { assertUniqueFields } from '../../domain/unique-fields.js';
import { CreateEntryCommand } from './create-entry.command.js';

/**
 * Adds a record to a section; a singleton section that already has its record, or a unique field's
 * value another record holds, answers 409.
 */
@CommandHandler(CreateEntryCommand)
export class CreateEntryHandler implements ICommandHandler<CreateEntryCommand> {
  constructor(private readonly writes: ContentWrites) {}

  async execute({ sectionKey, input, actor }: CreateEntryCommand): Promise<Entry> {
    const section = requireSection(sectionKey);
    const data = validEntryData(section, input);
    return this.writes.run(section, async (em) => {
      const id = randomUUID();
      await assertUniqueFields(em, section, data, id);
      const singleton = section.kind === 'singleton';
      const entry = em.create(ContentEntry, {
        id,
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
