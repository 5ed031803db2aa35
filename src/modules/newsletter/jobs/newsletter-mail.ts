import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import type { DomainEventJob } from '../../../platform/outbox/domain-event-handler.decorator.js';
import { QUEUES } from '../../../platform/queue/queue-names.js';
import type { SendMailJob } from '../../notifications/jobs/send-mail.job.js';

type NewsletterEvent = DomainEventJob<'SubscriptionRequested' | 'SubscriberConfirmed'>;

/**
 * Queues a newsletter e-mail for an event: one job per event (its id derived from the event, so a retry
 * sends nothing twice). Every newsletter e-mail carries link tokens (its unsubscribe link at least), so
 * its job is deleted once sent, not kept in Redis.
 */
@Injectable()
export class NewsletterMail {
  constructor(
    @InjectQueue(QUEUES.mail) private readonly mail: Queue<SendMailJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An absolute link to a page of the SPA, e.g. `/newsletter/confirm?token=…`. */
  link(path: string, token: string): string {
    const url = new URL(path, this.config.PUBLIC_URL);
    url.searchParams.set('token', token);
    return url.toString();
  }

  async send(event: NewsletterEvent, job: SendMailJob): Promise<void> {
    await this.mail.add(job.template, job, {
      jobId: `${event.id}-${job.template}`,
      removeOnComplete: true,
    });
  }
}
