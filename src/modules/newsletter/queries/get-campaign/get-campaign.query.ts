import { Query } from '@nestjs/cqrs';
import type { Campaign } from '../../../../contracts/campaigns.js';

export class GetCampaignQuery extends Query<Campaign> {
  constructor(readonly campaignId: string) {
    super();
  }
}
