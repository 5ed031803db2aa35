import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Campaign } from '../../../../contracts/campaigns.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotFound } from '../../domain/campaign-errors.js';
import { campaignView } from '../../domain/campaign.mapper.js';
import { GetCampaignQuery } from './get-campaign.query.js';
import { bouncesOf } from '../../domain/bounce-counts.js';

/** One campaign with its progress: what its page polls while it is sending. */
@QueryHandler(GetCampaignQuery)
export class GetCampaignHandler implements IQueryHandler<GetCampaignQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ campaignId }: GetCampaignQuery): Promise<Campaign> {
    const em = this.em.fork();
    const campaign = await em.findOne(NewsletterCampaign, campaignId);
    if (!campaign) throw campaignNotFound();
    return { ...(await campaignView(em, campaign)), bounces: await bouncesOf(em, campaign.id) };
  }
}
