import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { afterCommit } from '../../../platform/database/after-commit.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { NewsletterCampaign } from '../domain/campaign.entity.js';
import { fanOut } from '../domain/campaign-recipients.js';
import { SEND_CAMPAIGN_BATCH, type SendCampaignBatchJob } from './send-campaign-batch.job.js';
import { NEWSLETTER_QUEUE } from './newsletter.queues.js';
import { RenderedCampaigns } from './rendered-campaigns.js';

/**
 * At a campaign's time: writes a recipient row for every subscriber confirmed now and a batch job per
 * NEWSLETTER_BATCH_SIZE of them, all in one transaction with the campaign becoming 'sending' (so the
 * fan-out happens once, and its jobs are outbox rows: never lost). A campaign cancelled or rescheduled
 * since the event was recorded is left alone.
 */
@Injectable()
@HandlesDomainEvent('CampaignQueued')
export class StartCampaignHandler implements DomainEventHandler<'CampaignQueued'> {
  private readonly logger = new Logger('StartCampaign');

  constructor(
    private readonly outbox: TransactionalOutbox,
    private readonly rendered: RenderedCampaigns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEventJob<'CampaignQueued'>, tx: EntityManager): Promise<void> {
    const { campaignId, scheduledAt } = event.payload;
    const campaign = await tx.findOne(NewsletterCampaign, campaignId, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    if (campaign?.status !== 'scheduled' || campaign.scheduledAt?.toISOString() !== scheduledAt) {
      return;
    }
    const now = new Date();
    Object.assign(campaign, { status: 'sending', startedAt: now, updatedAt: now });
    await tx.flush();
    const fannedOut = fanOut(tx, campaignId, this.config.NEWSLETTER_BATCH_SIZE);
    // Its e-mail is rendered while PostgreSQL writes the recipients, and kept for the batches once this
    // commits: the content read is final then (the row stays locked until then; a start rolled back
    // keeps nothing, as the campaign could still be unscheduled and edited).
    const rendering = this.rendered.render(campaignId);
    afterCommit(tx, () => void this.rendered.keep(campaignId, rendering));
    const { total, batches } = await fannedOut;
    for (let batch = 0; batch < batches; batch++) {
      const job: SendCampaignBatchJob = { campaignId, batch };
      this.outbox.enqueue(tx, NEWSLETTER_QUEUE.name, SEND_CAMPAIGN_BATCH, job);
    }
    if (total === 0) Object.assign(campaign, { status: 'sent', finishedAt: now });
    this.logger.log({ campaignId, recipients: total, batches }, 'Campaign fanned out');
  }
}
