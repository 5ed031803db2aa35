import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type Campaign,
  CAMPAIGN_TEXTS,
  MAX_SCHEDULE_AHEAD_DAYS,
} from '../../../../contracts/campaigns.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotDraft, campaignNotFound } from '../../domain/campaign-errors.js';
import { campaignView } from '../../domain/campaign.mapper.js';
import { CampaignQueued } from '../../domain/newsletter.events.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { SendCampaignCommand } from './send-campaign.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

const DAY_MS = 24 * 3600_000;

function checkSendAt(sendAt: Date | null, now: Date): void {
  if (sendAt === null) return;
  if (sendAt.getTime() <= now.getTime()) {
    throw new ValidationFailedException({ sendAt: CAMPAIGN_TEXTS.sendAtPast });
  }
  if (sendAt.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * DAY_MS) {
    throw new ValidationFailedException({ sendAt: CAMPAIGN_TEXTS.sendAtTooFar });
  }
}

/**
 * Schedules a draft for its time (now, or later) and records CampaignQueued, due then, in the same
 * transaction: the worker fans it out to the subscribers confirmed at that moment.
 */
@CommandHandler(SendCampaignCommand)
export class SendCampaignHandler implements ICommandHandler<SendCampaignCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ campaignId, sendAt, actor }: SendCampaignCommand): Promise<Campaign> {
    const now = new Date();
    checkSendAt(sendAt, now);
    return this.em.fork().transactional(async (tx) => {
      const campaign = await tx.findOne(NewsletterCampaign, campaignId, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      if (!campaign) throw campaignNotFound();
      if (campaign.status !== 'draft') throw campaignNotDraft();
      if ((await tx.count(Subscriber, { status: 'confirmed' })) === 0) {
        throw new ConflictException(CAMPAIGN_TEXTS.noSubscribers);
      }
      const scheduledAt = sendAt ?? now;
      Object.assign(campaign, { status: 'scheduled', scheduledAt, updatedAt: now });
      recordAudit(tx, actor, {
        kind: sendAt ? 'campaign.scheduled' : 'campaign.sent',
        targetType: 'campaign',
        targetId: campaignId,
        summary: sendAt
          ? `Newsletter "${campaign.subject}" scheduled for ${scheduledAt.toISOString()}`
          : `Newsletter "${campaign.subject}" sent`,
        before: { status: 'draft' },
        after: { status: 'scheduled', scheduledAt },
      });
      await this.outbox.commit(tx, [
        new CampaignQueued({ campaignId, scheduledAt: scheduledAt.toISOString() }, sendAt),
      ]);
      return campaignView(tx, campaign);
    });
  }
}
