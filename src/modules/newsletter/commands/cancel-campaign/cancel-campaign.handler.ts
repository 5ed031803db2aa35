import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Campaign, CAMPAIGN_TEXTS } from '../../../../contracts/campaigns.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotFound } from '../../domain/campaign-errors.js';
import { cancelQueued } from '../../domain/campaign-recipients.js';
import { campaignView } from '../../domain/campaign.mapper.js';
import { CancelCampaignCommand } from './cancel-campaign.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

/**
 * A scheduled campaign goes back to draft (its queued event then finds it changed and does nothing);
 * a sending (or paused) one stops: its queued recipients are cancelled, the e-mails in flight finish, and what was
 * sent stays sent.
 */
@CommandHandler(CancelCampaignCommand)
export class CancelCampaignHandler implements ICommandHandler<CancelCampaignCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ campaignId, actor }: CancelCampaignCommand): Promise<Campaign> {
    return this.em.fork().transactional(async (tx) => {
      const campaign = await tx.findOne(NewsletterCampaign, campaignId, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      if (!campaign) throw campaignNotFound();
      const now = new Date();
      const before = { status: campaign.status, scheduledAt: campaign.scheduledAt ?? null };
      const unscheduled = campaign.status === 'scheduled';
      if (campaign.status === 'scheduled') {
        Object.assign(campaign, { status: 'draft', scheduledAt: null, updatedAt: now });
      } else if (campaign.status === 'sending' || campaign.status === 'paused') {
        Object.assign(campaign, {
          status: 'cancelled',
          cancelledAt: now,
          finishedAt: now,
          updatedAt: now,
        });
        await cancelQueued(tx, campaignId);
      } else {
        throw new ConflictException(CAMPAIGN_TEXTS.notCancellable);
      }
      recordAudit(tx, actor, {
        kind: unscheduled ? 'campaign.unscheduled' : 'campaign.cancelled',
        targetType: 'campaign',
        targetId: campaignId,
        summary: unscheduled
          ? `Newsletter "${campaign.subject}" unscheduled (back to draft)`
          : `Newsletter "${campaign.subject}" cancelled while ${before.status}`,
        before,
        after: { status: campaign.status, scheduledAt: campaign.scheduledAt ?? null },
      });
      await tx.flush();
      return campaignView(tx, campaign);
    });
  }
}
