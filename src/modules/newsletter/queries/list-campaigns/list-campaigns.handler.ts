import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CampaignPage } from '../../../../contracts/campaigns.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { countsOf } from '../../domain/campaign-recipients.js';
import { toCampaignSummary } from '../../domain/campaign.mapper.js';
import { ListCampaignsQuery } from './list-campaigns.query.js';

/** Campaigns newest first, one page, each with its recipients' counts (past ones keep theirs). */
@QueryHandler(ListCampaignsQuery)
export class ListCampaignsHandler implements IQueryHandler<ListCampaignsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ page, pageSize }: ListCampaignsQuery): Promise<CampaignPage> {
    const em = this.em.fork();
    const [campaigns, total] = await em.findAndCount(
      NewsletterCampaign,
      {},
      {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: pageSize,
        offset: (page - 1) * pageSize,
        exclude: ['body'],
      },
    );
    const counts = await countsOf(
      em,
      campaigns.map((campaign) => campaign.id),
    );
    return {
      items: campaigns.map((campaign) => toCampaignSummary(campaign, counts.get(campaign.id)!)),
      total,
      page,
      pageSize,
    };
  }
}
