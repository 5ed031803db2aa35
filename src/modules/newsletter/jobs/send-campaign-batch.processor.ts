import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  CampaignMailer,
  type RenderedCampaign,
} from '../../../platform/mail/campaign-mailer.port.js';
import { isPermanentMailFailure } from '../../../platform/mail/mail-failure.js';
import { OutboxLedger } from '../../../platform/outbox/outbox-ledger.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { CLUSTER_COUNTERS, ClusterCounters } from '../../../platform/redis/cluster-counters.js';
import { NewsletterCampaign } from '../domain/campaign.entity.js';
import {
  type ClaimedRecipient,
  claimChunk,
  failUnsent,
  finishIfDone,
  resumeBatch,
  settleRecipient,
} from '../domain/campaign-recipients.js';
import type { SendCampaignBatchJob } from './send-campaign-batch.job.js';
import { NEWSLETTER_QUEUE } from './newsletter.queues.js';

/** Campaigns being sent at once by one worker are few: their rendered e-mails are kept. */
const RENDERED_KEPT = 4;

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends one batch of a campaign. Each recipient is marked 'sending' before its e-mail goes out and
 * 'sent' as soon as the SMTP server accepted it, so a retried or resumed batch (after a crash) sends
 * only what was not accepted. A refusal for good (5xx) fails that recipient with the reason; other
 * failures are retried with the job's backoff and fail, with their reason, after its last attempt.
 * Sent and failed e-mails are counted for the metrics.
 */
@Injectable()
@QueueProcessor(NEWSLETTER_QUEUE.name)
export class SendCampaignBatchProcessor implements JobProcessor {
  private readonly rendered = new Map<string, Promise<RenderedCampaign>>();

  constructor(
    private readonly em: EntityManager,
    private readonly ledger: OutboxLedger,
    private readonly mailer: CampaignMailer,
    private readonly counters: ClusterCounters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(job: Job<SendCampaignBatchJob>): Promise<void> {
    const lease = {
      queue: NEWSLETTER_QUEUE.name,
      leaseMs: this.config.QUEUE_LOCK_DURATION_MS,
      busy: 'This batch is being sent by another worker',
    };
    await this.ledger.runClaimed(job, lease, (payload) =>
      this.run(job, payload as SendCampaignBatchJob),
    );
  }

  private async run(job: Job<SendCampaignBatchJob>, owed: SendCampaignBatchJob): Promise<void> {
    const { campaignId, batch } = owed;
    const em = this.em.fork();
    await resumeBatch(em, campaignId, batch);
    const failures = await this.sendBatch(em, campaignId, batch);
    if (failures.length > 0) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!lastAttempt) {
        throw new Error(`${failures.length} e-mail(s) not sent yet: ${failures[0]}`);
      }
      await this.counters.add(
        CLUSTER_COUNTERS.emailsFailed,
        await failUnsent(em, campaignId, batch),
      );
    }
    await finishIfDone(em, campaignId);
  }

  /** Sends the batch's queued recipients; returns the reasons of those to try again later. */
  private async sendBatch(em: EntityManager, campaignId: string, batch: number) {
    const failed: string[] = [];
    const reasons: string[] = [];
    const chunkSize = this.config.NEWSLETTER_SEND_CONCURRENCY;
    for (;;) {
      const chunk = await claimChunk(em, campaignId, batch, chunkSize, failed);
      if (chunk.length === 0) return reasons;
      const campaign = await this.render(em, campaignId);
      await Promise.all(
        chunk.map(async (recipient) => {
          const reason = await this.sendOne(em, campaignId, campaign, recipient);
          if (reason) {
            failed.push(recipient.subscriberId);
            reasons.push(reason);
          }
        }),
      );
    }
  }

  /** Sends to one recipient and records the outcome; returns the reason of a temporary failure. */
  private async sendOne(
    em: EntityManager,
    campaignId: string,
    campaign: RenderedCampaign,
    { subscriberId, email, unsubscribeToken }: ClaimedRecipient,
  ): Promise<string | null> {
    if (unsubscribeToken === null) return null; // cancelled: no longer confirmed
    try {
      await this.mailer.send(campaign, {
        email,
        unsubscribeToken,
        messageId: `<campaign-${campaignId}.${subscriberId}@seo-agency.mail>`,
      });
    } catch (error) {
      const reason = reasonOf(error);
      const status = isPermanentMailFailure(error) ? 'failed' : 'queued';
      await settleRecipient(em, campaignId, subscriberId, { status, reason });
      if (status === 'failed') await this.counters.add(CLUSTER_COUNTERS.emailsFailed);
      return status === 'queued' ? reason : null;
    }
    await this.counters.add(CLUSTER_COUNTERS.emailsSent);
    await settleRecipient(em, campaignId, subscriberId, { status: 'sent' });
    return null;
  }

  /** The campaign's e-mail, rendered once per worker (a campaign no longer changes once sending). */
  private render(em: EntityManager, campaignId: string): Promise<RenderedCampaign> {
    let rendered = this.rendered.get(campaignId);
    if (!rendered) {
      rendered = em
        .findOneOrFail(NewsletterCampaign, campaignId, { fields: ['subject', 'body'] })
        .then((campaign) => this.mailer.render(campaign));
      rendered.catch(() => this.rendered.delete(campaignId));
      this.rendered.set(campaignId, rendered);
      for (const key of this.rendered.keys()) {
        if (this.rendered.size <= RENDERED_KEPT) break;
        this.rendered.delete(key);
      }
    }
    return rendered;
  }
}
