import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Campaign } from '../../../../contracts/campaigns.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotDraft, campaignNotFound } from '../../domain/campaign-errors.js';
import { campaignView } from '../../domain/campaign.mapper.js';
import { SaveCampaignCommand } from './save-campaign.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

/** Creates a draft, or changes one: a campaign scheduled or sent is not edited (409). */
@CommandHandler(SaveCampaignCommand)
export class SaveCampaignHandler implements ICommandHandler<SaveCampaignCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ campaignId, fields, actor }: SaveCampaignCommand): Promise<Campaign> {
    return this.em.fork().transactional(async (tx) => {
      const now = new Date();
      if (campaignId === null) {
        const campaign = tx.create(NewsletterCampaign, {
          id: randomUUID(),
          ...fields,
          status: 'draft',
          createdBy: actor.email,
          createdAt: now,
          updatedAt: now,
        });
        recordAudit(tx, actor, {
          kind: 'campaign.saved',
          targetType: 'campaign',
          targetId: campaign.id,
          summary: `Newsletter draft "${campaign.subject}" written`,
          after: { ...fields },
        });
        await tx.flush();
        return campaignView(tx, campaign);
      }
      const campaign = await tx.findOne(NewsletterCampaign, campaignId, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      if (!campaign) throw campaignNotFound();
      if (campaign.status !== 'draft') throw campaignNotDraft();
      const before = { subject: campaign.subject, body: campaign.body };
      Object.assign(campaign, fields, { updatedAt: now });
      recordAudit(tx, actor, {
        kind: 'campaign.saved',
        targetType: 'campaign',
        targetId: campaign.id,
        summary: `Newsletter draft "${campaign.subject}" edited`,
        before,
        after: { ...fields },
      });
      await tx.flush();
      return campaignView(tx, campaign);
    });
  }
}
