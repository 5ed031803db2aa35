import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotDraft, campaignNotFound } from '../../domain/campaign-errors.js';
import { DeleteCampaignCommand } from './delete-campaign.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

/** Deletes a draft. A campaign that was sent (or is scheduled) stays, with its counts, as history. */
@CommandHandler(DeleteCampaignCommand)
export class DeleteCampaignHandler implements ICommandHandler<DeleteCampaignCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ campaignId, actor }: DeleteCampaignCommand): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const [deleted] = await tx.execute<{ subject: string; body: string }[]>(
        `delete from "newsletter_campaign" where "id" = ? and "status" = 'draft' returning "subject", "body"`,
        [campaignId],
      );
      if (!deleted) {
        const exists = await tx.count(NewsletterCampaign, { id: campaignId });
        throw exists ? campaignNotDraft() : campaignNotFound();
      }
      recordAudit(tx, actor, {
        kind: 'campaign.deleted',
        targetType: 'campaign',
        targetId: campaignId,
        summary: `Newsletter draft "${deleted.subject}" deleted`,
        before: deleted,
      });
    });
  }
}
