import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DRAFT_MESSAGES } from '../../../../contracts/content/index.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { cancelPendingSchedule, lockDraft } from '../../domain/drafts.js';
import { requireSection } from '../../domain/sections.js';
import { DiscardDraftCommand } from './discard-draft.command.js';

@CommandHandler(DiscardDraftCommand)
export class DiscardDraftHandler implements ICommandHandler<DiscardDraftCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ sectionKey, actor }: DiscardDraftCommand): Promise<void> {
    const section = requireSection(sectionKey);
    await this.em.fork().transactional(async (em) => {
      const draft = await lockDraft(em, section.key);
      if (!draft) throw new NotFoundException(DRAFT_MESSAGES.noDraft(section.label));
      em.remove(draft);
      await cancelPendingSchedule(em, section.key);
      recordAudit(em, actor, {
        kind: 'content.draft-discarded',
        targetType: `content:${section.key}`,
        targetId: null,
        summary: `${section.label}: draft discarded (${draft.changes.length} changes)`,
        before: { changes: draft.changes },
        after: null,
      });
      await em.flush();
    });
  }
}
