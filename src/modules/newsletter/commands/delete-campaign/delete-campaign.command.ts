import { Command } from '@nestjs/cqrs';

export class DeleteCampaignCommand extends Command<void> {
  constructor(readonly campaignId: string) {
    super();
  }
}
