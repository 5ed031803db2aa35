import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  CampaignMailer,
  type RenderedCampaign,
} from '../../../platform/mail/campaign-mailer.port.js';
import { isPermanentMailFailure } from '../../../platform/mail/mail-failure.js';
import { OutboxLedger } from '../../../platform/outbox/outbox-ledger.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { CLUSTER_COUNTERS, ClusterCounters } from '../../../platform/redis/cluster-counters.js';
import {
  type ClaimedRecipient,
  claimChunk,
  countDeliveryError,
  failUnsent,
  finishIfDone,
  markSent,
  resumeBatch,
  settleRecipient,
} from '../domain/campaign-recipients.js';
import { CampaignRate } from './campaign-rate.js';
import { CAMPAIGNS_KEPT, RenderedCampaigns } from './rendered-campaigns.js';
import { SEND_CAMPAIGN_BATCH, type SendCampaignBatchJob } from './send-campaign-batch.job.js';
import { NEWSLETTER_QUEUE } from './newsletter.queues.js';

/** A used-up sending window shorter than this is waited for within the job; a longer one, by a job due then. */
const RATE_WAIT_IN_JOB_MS = 5000;

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends one batch of a campaign. Each recipient is marked 'sending' before its e-mail goes out and
 * 'sent' as soon as the SMTP server accepted it (the accepted ones of the moment in one statement),
 * so a retried or resumed batch (after a crash) sends only what was not accepted. Every delivery error
 * counts in the campaign's streak, which pauses it at NEWSLETTER_PAUSE_AFTER_ERRORS; the sending rate
 * (CampaignRate) bounds the chunks. A refusal for good (5xx) fails that recipient with the reason; other
 * failures are retried with the job's backoff and fail, with their reason, after its last attempt.
 * Sent and failed e-mails are counted for the metrics.
 */
@Injectable()
@QueueProcessor(NEWSLETTER_QUEUE.name)
export class SendCampaignBatchProcessor implements JobProcessor {
  private readonly logger = new Logger('SendCampaignBatch');
  /**
   * Per campaign: its batches sent at once by this worker record their `sent` states together (the
   * writers of the few campaigns sending at once are kept).
   */
  private readonly recorders = new LRUCache<string, SentRecorder>({ max: CAMPAIGNS_KEPT });
  /** Batch jobs this worker sends at once (NEWSLETTER_CONCURRENCY). */
  readonly concurrency: number;

  constructor(
    private readonly em: EntityManager,
    private readonly ledger: OutboxLedger,
    private readonly outbox: TransactionalOutbox,
    private readonly rate: CampaignRate,
    private readonly mailer: CampaignMailer,
    private readonly rendered: RenderedCampaigns,
    private readonly counters: ClusterCounters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.concurrency = config.NEWSLETTER_CONCURRENCY;
  }

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
    const { reasons: failures, waitUntil } = await this.sendBatch(em, campaignId, batch);
    if (waitUntil !== undefined) {
      // The sending rate's window is used up: the rest of the batch is a job due at the next one (this
      // job then ends, so the batch keeps one owner at a time).
      await em.transactional(async (tx) => {
        const next: SendCampaignBatchJob = { campaignId, batch };
        this.outbox.enqueue(tx, NEWSLETTER_QUEUE.name, SEND_CAMPAIGN_BATCH, next, {
          dueAt: new Date(waitUntil),
        });
        await tx.flush();
      });
      return;
    }
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

  /**
   * Sends the batch's queued recipients, a chunk at a time, while the campaign is sending (a paused or
   * cancelled one claims nothing more); returns the reasons of those to try again later, or the time
   * to go on at when the sending rate allows nothing more now. The next chunk is claimed while one is
   * being sent, so the SMTP connections never wait for the database; once this worker paused the
   * campaign (too many errors in a row), the chunk claimed ahead goes back to the queue unsent.
   */
  private async sendBatch(
    em: EntityManager,
    campaignId: string,
    batch: number,
  ): Promise<{ reasons: string[]; waitUntil?: number }> {
    const failed: string[] = [];
    const reasons: string[] = [];
    const sent = this.recorderOf(campaignId);
    const run = { paused: false };
    let next = this.claimNext(em, campaignId, batch, failed);
    for (;;) {
      const claimed = await next;
      if ('waitUntil' in claimed) return { reasons, waitUntil: claimed.waitUntil };
      if (run.paused) {
        await resumeBatch(em, campaignId, batch);
        return { reasons };
      }
      if (claimed.chunk.length === 0) return { reasons };
      next = this.claimNext(em, campaignId, batch, failed);
      // Settled by the next turn of the loop; a failure of this chunk ends the job first.
      next.catch(() => undefined);
      const campaign = await this.rendered.of(campaignId);
      await Promise.all(
        claimed.chunk.map(async (recipient) => {
          const reason = await this.sendOne(em, campaignId, campaign, recipient, sent, run);
          if (reason) {
            failed.push(recipient.subscriberId);
            reasons.push(reason);
          }
        }),
      );
      await sent.count();
    }
  }

  /**
   * Claims the next chunk, of NEWSLETTER_SEND_CONCURRENCY recipients or what the sending rate grants;
   * a used-up window shorter than RATE_WAIT_IN_JOB_MS is waited for, a longer one is returned.
   */
  private async claimNext(
    em: EntityManager,
    campaignId: string,
    batch: number,
    failed: readonly string[],
  ): Promise<{ chunk: ClaimedRecipient[] } | { waitUntil: number }> {
    const chunkSize = this.config.NEWSLETTER_SEND_CONCURRENCY;
    let size = chunkSize;
    while (this.rate.limited) {
      const grant = await this.rate.take(chunkSize);
      const waitMs = grant.nextWindowAt - Date.now();
      if (grant.granted > 0) {
        size = grant.granted;
        break;
      }
      if (waitMs > RATE_WAIT_IN_JOB_MS) return { waitUntil: grant.nextWindowAt };
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    return { chunk: await claimChunk(em, campaignId, batch, size, failed) };
  }

  /** Sends to one recipient and records the outcome; returns the reason of a temporary failure. */
  private async sendOne(
    em: EntityManager,
    campaignId: string,
    campaign: RenderedCampaign,
    { subscriberId, email, unsubscribeToken }: ClaimedRecipient,
    sent: SentRecorder,
    run: { paused: boolean },
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
      const paused = await countDeliveryError(
        em,
        campaignId,
        reason,
        this.config.NEWSLETTER_PAUSE_AFTER_ERRORS,
      );
      if (paused) {
        run.paused = true;
        this.logger.warn({ campaignId, reason }, 'Campaign paused after delivery errors');
      }
      return status === 'queued' ? reason : null;
    }
    await sent.record(subscriberId);
    return null;
  }

  private recorderOf(campaignId: string): SentRecorder {
    let recorder = this.recorders.get(campaignId);
    if (!recorder) {
      recorder = new SentRecorder(this.em.fork(), campaignId, this.counters);
      this.recorders.set(campaignId, recorder);
    }
    return recorder;
  }
}

/**
 * The `sent` states of a campaign's deliveries by this worker (all its batches at once), written
 * together: each accepted e-mail joins the next statement, which starts as soon as the one before it
 * ended (group commit). Under load a statement records many e-mails; a lone delivery is recorded at
 * once, as before (the window between the SMTP server's 250 and our record stays one statement long).
 */
class SentRecorder {
  /** The statement still taking e-mails: it starts once `last` ended. */
  private open: { ids: string[]; written: Promise<void> } | null = null;
  private last: Promise<void> = Promise.resolve();
  private written = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly campaignId: string,
    private readonly counters: ClusterCounters,
  ) {}

  /** Resolves once this recipient's `sent` is written. */
  record(subscriberId: string): Promise<void> {
    let batch = this.open;
    if (!batch) {
      const ids: string[] = [];
      const written = this.last
        .catch(() => undefined)
        // Deliveries answered in the same turn of the event loop join too.
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(async () => {
          if (this.open?.ids === ids) this.open = null;
          await markSent(this.em, this.campaignId, ids);
          this.written += ids.length;
        });
      batch = { ids, written };
      this.open = batch;
      this.last = written;
    }
    batch.ids.push(subscriberId);
    return batch.written;
  }

  /** Adds what was written since the last call to the metrics' sent counter (once per chunk). */
  async count(): Promise<void> {
    const written = this.written;
    this.written = 0;
    if (written > 0) await this.counters.add(CLUSTER_COUNTERS.emailsSent, written);
  }
}
