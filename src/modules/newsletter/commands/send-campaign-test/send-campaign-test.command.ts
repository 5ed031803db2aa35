import { Command } from '@nestjs/cqrs';

/** Mails a campaign to the admin asking, and to nobody else. */
export class SendCampaignTestCommand extends Command<void> {
  constructor(
    readonly campaignId: string,
    readonly adminEmail: string,
  ) {
    super();
  }
}
