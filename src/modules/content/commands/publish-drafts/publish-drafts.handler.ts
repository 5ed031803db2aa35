import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DRAFT_MESSAGES,
  type PublishResult,
  type SectionDef,
} from '../../../../contracts/content/index.js';
import { ContentDraft } from '../../domain/content-draft.entity.js';
import { ContentWrites } from '../../domain/content-writes.js';
import { lockDraft, publishDraft } from '../../domain/drafts.js';
import { requireSection } from '../../domain/sections.js';
import { PublishDraftsCommand } from './publish-drafts.command.js';

/**
 * Applies drafts to the published entries in one transaction (with their revisions, the audit entry
 * and ContentChanged, as every content write): the public snapshot and pages change together.
 */
@CommandHandler(PublishDraftsCommand)
export class PublishDraftsHandler implements ICommandHandler<PublishDraftsCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly writes: ContentWrites,
  ) {}

  async execute({ sectionKey, actor }: PublishDraftsCommand): Promise<PublishResult> {
    const sections: SectionDef[] =
      sectionKey === null
        ? (await this.em.fork().find(ContentDraft, {}, { orderBy: { section: 'asc' } })).map(
            (draft) => requireSection(draft.section),
          )
        : [requireSection(sectionKey)];
    if (sections.length === 0) return { published: [] };
    return this.writes.runMany(sections, async (em) => {
      const published: string[] = [];
      for (const section of sections) {
        const draft = await lockDraft(em, section.key);
        if (!draft) {
          // Every draft: one published or discarded meanwhile is simply not there any more.
          if (sectionKey === null) continue;
          throw new NotFoundException(DRAFT_MESSAGES.noDraft(section.label));
        }
        await publishDraft(em, section, draft, actor);
        published.push(section.key);
      }
      return { published };
    });
  }
}
