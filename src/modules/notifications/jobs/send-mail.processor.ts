import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import type { MailRequest } from '../../../platform/mail/mail.port.js';
import { isLastAttempt, OutboxLedger } from '../../../platform/outbox/outbox-ledger.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { CLUSTER_COUNTERS, ClusterCounters } from '../../../platform/redis/cluster-counters.js';
import { MAIL_QUEUE } from '../mail/mail.queue.js';
import { MailTransport } from '../mail/mail-transport.js';
import { NewsletterSenderDetails } from '../mail/newsletter-sender.js';
import { loadEmailTemplates } from '../templates/load-email-templates.js';

/**
 * Renders and sends one e-mail of the outbox, as its row asks (a job with no row behind it is refused,
 * and sends nothing). The row is claimed first, so a job published again while it is being sent waits,
 * and one already sent is skipped; once sent, the row keeps only the template and the recipient (its
 * props may hold link tokens). Failed sends are retried with backoff and end in the failed state with
 * their reason. Sent and given-up e-mails are counted for the metrics.
 */
@Injectable()
@QueueProcessor(MAIL_QUEUE.name)
export class SendMailProcessor implements JobProcessor {
  constructor(
    private readonly transport: MailTransport,
    private readonly ledger: OutboxLedger,
    private readonly counters: ClusterCounters,
    private readonly newsletterSender: NewsletterSenderDetails,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(job: Job<MailRequest>): Promise<void> {
    const lease = {
      queue: MAIL_QUEUE.name,
      leaseMs: this.config.QUEUE_LOCK_DURATION_MS,
      busy: 'This e-mail is being sent by another worker',
    };
    // What the outbox row asks for, not what the job carries: a job's data can be edited in Redis.
    await this.ledger.runClaimed(job, lease, async (payload) => {
      const mail = payload as MailRequest;
      const { to, replyTo, template, unsubscribeUrl } = mail;
      try {
        const { isNewsletterEmail, renderEmail } = await loadEmailTemplates();
        const sender = isNewsletterEmail(template) ? await this.newsletterSender.read() : {};
        const email = await renderEmail(template, mail.props, sender);
        await this.transport.send({
          ...email,
          to,
          replyTo,
          unsubscribeUrl,
          messageId: messageIdFor(String(job.id)),
        });
      } catch (error) {
        if (isLastAttempt(job, error)) await this.counters.add(CLUSTER_COUNTERS.emailsFailed);
        throw error;
      }
      await this.counters.add(CLUSTER_COUNTERS.emailsSent);
      return { template, to };
    });
  }
}

/** The same job always yields the same Message-ID, so a repeated send is recognisable as one message. */
function messageIdFor(jobId: string): string {
  return `<${jobId.replace(/[^\w.-]/g, '.')}@seo-agency.mail>`;
}
