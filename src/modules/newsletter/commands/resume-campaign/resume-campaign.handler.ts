import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Campaign, CAMPAIGN_TEXTS } from '../../../../contracts/campaigns.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotFound } from '../../domain/campaign-errors.js';
import { hasRecipientsInFlight, unsentBatches } from '../../domain/campaign-recipients.js';
import { campaignView } from '../../domain/campaign.mapper.js';
import {
  SEND_CAMPAIGN_BATCH,
  type SendCampaignBatchJob,
} from '../../jobs/send-campaign-batch.job.js';
import { NEWSLETTER_QUEUE } from '../../jobs/newsletter.queues.js';
import { ResumeCampaignCommand } from './resume-campaign.command.js';

/**
 * A paused campaign sends again where it stopped: it is 'sending' with its error streak reset, and each
 * batch with recipients still queued gets a job again (in the same transaction, through the outbox).
 * The recipient rows decide who is sent to, so nobody already sent gets a second copy; while some are
 * still being sent by the jobs that ran into the pause, it answers 409 (try again in a moment).
 */
@CommandHandler(ResumeCampaignCommand)
export class ResumeCampaignHandler implements ICommandHandler<ResumeCampaignCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ campaignId, actor }: ResumeCampaignCommand): Promise<Campaign> {
    return this.em.fork().transactional(async (tx) => {
      const campaign = await tx.findOne(NewsletterCampaign, campaignId, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      if (!campaign) throw campaignNotFound();
      if (campaign.status !== 'paused') throw new ConflictException(CAMPAIGN_TEXTS.notPaused);
      // A batch job still settling its last deliveries (or one that died, until its retry gives them
      // back) owns those rows: a new job for its batch must not take them over.
      if (await hasRecipientsInFlight(tx, campaignId)) {
        throw new ConflictException(CAMPAIGN_TEXTS.stillFinishing);
      }
      const reason = campaign.pausedReason ?? null;
      Object.assign(campaign, {
        status: 'sending',
        errorStreak: 0,
        pausedReason: null,
        pausedAt: null,
        updatedAt: new Date(),
      });
      const batches = await unsentBatches(tx, campaignId);
      for (const batch of batches) {
        const job: SendCampaignBatchJob = { campaignId, batch };
        this.outbox.enqueue(tx, NEWSLETTER_QUEUE.name, SEND_CAMPAIGN_BATCH, job);
      }
      recordAudit(tx, actor, {
        kind: 'campaign.resumed',
        targetType: 'campaign',
        targetId: campaignId,
        summary: `Newsletter "${campaign.subject}" resumed`,
        before: { status: 'paused', pausedReason: reason },
        after: { status: 'sending', batches: batches.length },
      });
      await tx.flush();
      // Nothing left to send (every recipient failed or was cancelled meanwhile): it is done.
      if (batches.length === 0) {
        Object.assign(campaign, { status: 'sent', finishedAt: new Date() });
        await tx.flush();
      }
      return campaignView(tx, campaign);
    });
  }
}
