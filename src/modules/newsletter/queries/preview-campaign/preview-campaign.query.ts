import { Query } from '@nestjs/cqrs';
import type { CampaignFields, CampaignPreview } from '../../../../contracts/campaigns.js';

/** The e-mail a campaign's subject and body make, as subscribers will get it. */
export class PreviewCampaignQuery extends Query<CampaignPreview> {
  constructor(readonly fields: CampaignFields) {
    super();
  }
}
