import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DRAFT_MESSAGES, type DraftSummary } from '../../../../contracts/content/index.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { ContentPublishSchedule } from '../../domain/content-publish-schedule.entity.js';
import { ContentPublishDue } from '../../domain/content.events.js';
import { cancelPendingSchedule, draftSummary, lockDraft } from '../../domain/drafts.js';
import { requireSection } from '../../domain/sections.js';
import {
  CancelScheduledPublishCommand,
  SchedulePublishCommand,
} from './schedule-publish.command.js';

/**
 * Records the plan and its job together: an outbox row due at `publishAt` (ContentPublishDue),
 * which the relay hands to the queue as a delayed job and keeps owed until a worker ran it.
 */
@CommandHandler(SchedulePublishCommand)
export class SchedulePublishHandler implements ICommandHandler<SchedulePublishCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ sectionKey, publishAt, actor }: SchedulePublishCommand): Promise<DraftSummary> {
    const section = requireSection(sectionKey);
    const at = new Date(publishAt);
    const lead = this.config.CONTENT_PUBLISH_MIN_LEAD_MS;
    if (Number.isNaN(at.getTime()) || at.getTime() < Date.now() + lead) {
      throw new ValidationFailedException({
        publishAt: DRAFT_MESSAGES.publishAtTooSoon(Math.ceil(lead / 1000)),
      });
    }
    return this.em.fork().transactional(async (em) => {
      const draft = await lockDraft(em, section.key);
      if (!draft) throw new NotFoundException(DRAFT_MESSAGES.noDraft(section.label));
      await cancelPendingSchedule(em, section.key);
      // The cancelled plan must be out of the way of the one-pending index before the new one.
      await em.flush();
      const schedule = em.create(ContentPublishSchedule, {
        id: randomUUID(),
        section: section.key,
        publishAt: at,
        status: 'pending',
        scheduledByAccountId: actor.accountId,
        scheduledByEmail: actor.email,
        scheduledByIp: actor.ip,
        createdAt: new Date(),
        doneAt: null,
      });
      recordAudit(em, actor, {
        kind: 'content.publish-scheduled',
        targetType: `content:${section.key}`,
        targetId: schedule.id,
        summary: `${section.label}: draft to go live at ${at.toISOString()}`,
        after: { publishAt: at.toISOString(), changes: draft.changes },
      });
      await this.outbox.commit(em, [
        new ContentPublishDue({ scheduleId: schedule.id, section: section.key }, at),
      ]);
      return draftSummary(draft, schedule);
    });
  }
}

@CommandHandler(CancelScheduledPublishCommand)
export class CancelScheduledPublishHandler implements ICommandHandler<CancelScheduledPublishCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ sectionKey, actor }: CancelScheduledPublishCommand): Promise<void> {
    const section = requireSection(sectionKey);
    await this.em.fork().transactional(async (em) => {
      const cancelled = await cancelPendingSchedule(em, section.key);
      if (!cancelled) throw new NotFoundException(DRAFT_MESSAGES.noSchedule(section.label));
      recordAudit(em, actor, {
        kind: 'content.publish-unscheduled',
        targetType: `content:${section.key}`,
        targetId: cancelled.id,
        summary: `${section.label}: planned publish at ${cancelled.publishAt.toISOString()} cancelled`,
        before: { publishAt: cancelled.publishAt.toISOString() },
        after: null,
      });
      await em.flush();
    });
  }
}
