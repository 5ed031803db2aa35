import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CONTENT_MESSAGES, type Entry } from '../../../../contracts/content/index.js';
import { ContentEntry } from '../../domain/content-entry.entity.js';
import { ContentWrites } from '../../domain/content-writes.js';
import { recordRevision } from '../../domain/record-revision.js';
import {
  requireEntryId,
  requireSection,
  toEntryView,
  validEntryData,
} from '../../domain/sections.js';
import { assertUniqueFields } from '../../domain/unique-fields.js';
import { UpdateEntryCommand } from './update-entry.command.js';

/** Replaces a record's fields (spec §4: "a submit replaces the fields"), keeping the old ones in history. */
@CommandHandler(UpdateEntryCommand)
export class UpdateEntryHandler implements ICommandHandler<UpdateEntryCommand> {
  constructor(private readonly writes: ContentWrites) {}

  async execute({ sectionKey, id, input, actor }: UpdateEntryCommand): Promise<Entry> {
    const section = requireSection(sectionKey);
    const data = validEntryData(section, input);
    return this.writes.run(section, async (em) => {
      const entry = await em.findOne(ContentEntry, {
        id: requireEntryId(section, id),
        section: section.key,
      });
      if (!entry) throw new NotFoundException(CONTENT_MESSAGES.notFound(section.label));
      await assertUniqueFields(em, section, data, entry.id);
      const before = entry.data;
      entry.data = data;
      recordRevision(em, {
        entryId: id,
        section: section.key,
        action: 'updated',
        before,
        after: data,
        actor,
      });
      return toEntryView(section, entry);
    });
  }
}
