import { Command } from '@nestjs/cqrs';
import type { Campaign, CampaignFields } from '../../../../contracts/campaigns.js';

/** Writes a new draft (`campaignId` null) or changes a draft. */
export class SaveCampaignCommand extends Command<Campaign> {
  constructor(
    readonly campaignId: string | null,
    readonly fields: CampaignFields,
    readonly adminEmail: string,
  ) {
    super();
  }
}
