import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CONTENT_MESSAGES, type Entry } from '../../../../contracts/content/index.js';
import {
  applyChanges,
  assertUniqueInDraft,
  lockOrStartDraft,
  newDraftEntryId,
  publishedEntries,
  withChange,
} from '../../domain/drafts.js';
import {
  requireEntryId,
  requireSection,
  toEntryView,
  validEntryData,
} from '../../domain/sections.js';
import { EditDraftEntryCommand } from './edit-draft-entry.command.js';

/**
 * Adds, changes or deletes an entry of a section's draft, checked like a published write (the
 * section's fields, one record of a singleton, unique values within the draft). A draft left with no
 * change is removed. Nothing public changes: no event, no cache dropped.
 */
@CommandHandler(EditDraftEntryCommand)
export class EditDraftEntryHandler implements ICommandHandler<EditDraftEntryCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ sectionKey, edit, actor }: EditDraftEntryCommand): Promise<Entry | null> {
    const section = requireSection(sectionKey);
    const data = edit.kind === 'delete' ? null : validEntryData(section, edit.input);
    const id = edit.kind === 'create' ? newDraftEntryId() : requireEntryId(section, edit.id);
    return this.em.fork().transactional(async (em) => {
      const draft = await lockOrStartDraft(em, section.key);
      const published = await publishedEntries(em, section.key);
      const view = applyChanges(published, draft.changes);
      if (edit.kind === 'create' && section.kind === 'singleton' && view.length > 0) {
        throw new ConflictException(CONTENT_MESSAGES.singletonExists(section.label));
      }
      if (edit.kind !== 'create' && !view.some((entry) => entry.id === id)) {
        throw new NotFoundException(CONTENT_MESSAGES.notFound(section.label));
      }
      if (data) assertUniqueInDraft(section, view, data, id);
      draft.changes = withChange(published, draft.changes, { id, data });
      draft.updatedAt = new Date();
      draft.updatedByAccountId = actor.accountId;
      draft.updatedByEmail = actor.email;
      if (draft.changes.length === 0) em.remove(draft);
      await em.flush();
      return data ? toEntryView(section, { id, data }) : null;
    });
  }
}
