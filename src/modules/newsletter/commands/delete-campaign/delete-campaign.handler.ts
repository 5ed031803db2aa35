import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotDraft, campaignNotFound } from '../../domain/campaign-errors.js';
import { DeleteCampaignCommand } from './delete-campaign.command.js';

/** Deletes a draft. A campaign that was sent (or is scheduled) stays, with its counts, as history. */
@CommandHandler(DeleteCampaignCommand)
export class DeleteCampaignHandler implements ICommandHandler<DeleteCampaignCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ campaignId }: DeleteCampaignCommand): Promise<void> {
    const em = this.em.fork();
    const deleted = await em.nativeDelete(NewsletterCampaign, { id: campaignId, status: 'draft' });
    if (deleted > 0) return;
    const exists = await em.count(NewsletterCampaign, { id: campaignId });
    throw exists ? campaignNotDraft() : campaignNotFound();
  }
}
