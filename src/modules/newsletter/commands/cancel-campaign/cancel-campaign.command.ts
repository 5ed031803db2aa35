import { Command } from '@nestjs/cqrs';
import type { Campaign } from '../../../../contracts/campaigns.js';

export class CancelCampaignCommand extends Command<Campaign> {
  constructor(readonly campaignId: string) {
    super();
  }
}
