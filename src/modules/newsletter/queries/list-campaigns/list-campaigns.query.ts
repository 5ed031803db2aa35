import { Query } from '@nestjs/cqrs';
import type { CampaignPage } from '../../../../contracts/campaigns.js';

export class ListCampaignsQuery extends Query<CampaignPage> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
