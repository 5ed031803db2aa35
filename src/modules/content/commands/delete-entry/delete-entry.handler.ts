import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CONTENT_MESSAGES } from '../../../../contracts/content/index.js';
import { ContentEntry } from '../../domain/content-entry.entity.js';
import { ContentWrites } from '../../domain/content-writes.js';
import { recordRevision } from '../../domain/record-revision.js';
import { requireEntryId, requireSection } from '../../domain/sections.js';
import { DeleteEntryCommand } from './delete-entry.command.js';

/** Deletes a record; its last version stays in the section's history and can be restored. */
@CommandHandler(DeleteEntryCommand)
export class DeleteEntryHandler implements ICommandHandler<DeleteEntryCommand> {
  constructor(private readonly writes: ContentWrites) {}

  async execute({ sectionKey, id, actor }: DeleteEntryCommand): Promise<void> {
    const section = requireSection(sectionKey);
    await this.writes.run(section, async (em) => {
      const entry = await em.findOne(ContentEntry, {
        id: requireEntryId(section, id),
        section: section.key,
      });
      if (!entry) throw new NotFoundException(CONTENT_MESSAGES.notFound(section.label));
      recordRevision(em, {
        entryId: id,
        section: section.key,
        action: 'deleted',
        before: entry.data,
        after: null,
        actor,
      });
      em.remove(entry);
    });
  }
}
