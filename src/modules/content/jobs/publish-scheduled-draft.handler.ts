import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { findSection } from '../../../contracts/content/index.js';
import { afterCommit } from '../../../platform/database/after-commit.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { ContentChanged } from '../domain/content-changed.event.js';
import { ContentPublishSchedule } from '../domain/content-publish-schedule.entity.js';
import { ContentSectionChanged } from '../domain/content.events.js';
import { lockDraft, publishDraft } from '../domain/drafts.js';

/**
 * At a planned publish's time: the section's draft goes live, as published by the admin who planned
 * it (revisions, audit entry, ContentChanged). The ledger runs it once whatever the number of workers;
 * a schedule cancelled or replaced meanwhile is left as it is, and one whose draft is gone is skipped.
 */
@Injectable()
@HandlesDomainEvent('ContentPublishDue')
export class PublishScheduledDraft implements DomainEventHandler<'ContentPublishDue'> {
  constructor(
    private readonly outbox: TransactionalOutbox,
    private readonly eventBus: EventBus,
  ) {}

  async handle(event: DomainEventJob<'ContentPublishDue'>, tx: EntityManager): Promise<void> {
    const { scheduleId, section: sectionKey } = event.payload;
    const schedule = await tx.findOne(
      ContentPublishSchedule,
      { id: scheduleId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const section = findSection(sectionKey);
    if (!schedule || schedule.status !== 'pending' || !section) return;
    schedule.doneAt = new Date();
    const draft = await lockDraft(tx, section.key);
    if (!draft) {
      schedule.status = 'skipped';
      await tx.flush();
      return;
    }
    schedule.status = 'published';
    const actor = {
      accountId: schedule.scheduledByAccountId,
      email: schedule.scheduledByEmail,
      ip: schedule.scheduledByIp,
    };
    await publishDraft(tx, section, draft, actor, { schedule });
    await this.outbox.commit(tx, [new ContentSectionChanged({ section: section.key })]);
    afterCommit(tx, () => this.eventBus.publish(new ContentChanged(section.key)));
  }
}
