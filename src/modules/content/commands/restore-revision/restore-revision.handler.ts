import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { ContentEntry } from '../../domain/content-entry.entity.js';
import { ContentRevision } from '../../domain/content-revision.entity.js';
import { ContentWrites } from '../../domain/content-writes.js';
import { recordRevision } from '../../domain/record-revision.js';
import { requireSection, toEntryView, validEntryData } from '../../domain/sections.js';
import { assertUniqueFields } from '../../domain/unique-fields.js';
import { RestoreRevisionCommand } from './restore-revision.command.js';

const NO_SUCH_REVISION = 'No such revision.';

/**
 * Puts a record back to the version a revision made (or, for a deletion, the version it deleted),
 * recreating it when it is gone. The restore is itself a revision, so it can be undone the same way.
 */
@CommandHandler(RestoreRevisionCommand)
export class RestoreRevisionHandler implements ICommandHandler<RestoreRevisionCommand> {
  constructor(private readonly writes: ContentWrites) {}

  async execute({ sectionKey, revisionId, actor }: RestoreRevisionCommand): Promise<Entry> {
    const section = requireSection(sectionKey);
    return this.writes.run(section, async (em) => {
      const revision = await em.findOne(ContentRevision, {
        id: requireRecordId(revisionId, NO_SUCH_REVISION),
        section: section.key,
      });
      if (!revision) throw new NotFoundException(NO_SUCH_REVISION);
      // Checked against today's rules: a version that no longer passes them is not restored.
      const data = validEntryData(section, revision.after ?? revision.before);
      await assertUniqueFields(em, section, data, revision.entryId);
      let entry = await em.findOne(ContentEntry, { id: revision.entryId });
      const before = entry?.data ?? null;
      if (entry) {
        entry.data = data;
      } else {
        const singleton = section.kind === 'singleton';
        entry = em.create(ContentEntry, {
          id: revision.entryId,
          section: section.key,
          singleton,
          data,
        });
      }
      recordRevision(em, {
        entryId: entry.id,
        section: section.key,
        action: 'restored',
        before,
        after: data,
        actor,
      });
      return toEntryView(section, entry);
    });
  }
}
