import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import type { DomainEventJob } from '../../../platform/outbox/domain-event-handler.decorator.js';
import { QUEUES } from '../../../platform/queue/queue-names.js';
import type { SendMailJob } from '../../notifications/jobs/send-mail.job.js';

type AccountEvent = DomainEventJob<
  | 'AccountRegistered'
  | 'EmailVerificationRequested'
  | 'RegistrationAttemptedForExistingAccount'
  | 'PasswordResetRequested'
  | 'PasswordChanged'
>;

/**
 * Queues an account e-mail for an event: one job per event (its id derived from the event, so a retry
 * sends nothing twice). Jobs that carry a link token are deleted once sent, not kept in Redis.
 */
@Injectable()
export class IdentityMail {
  constructor(
    @InjectQueue(QUEUES.mail) private readonly mail: Queue<SendMailJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An absolute link to a page of the SPA. */
  link(path: string, token?: string): string {
    const url = new URL(path, this.config.PUBLIC_URL);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  }

  async send(event: AccountEvent, job: SendMailJob, carriesToken: boolean): Promise<void> {
    await this.mail.add(job.template, job, {
      jobId: `${event.id}-${job.template}`,
      ...(carriesToken ? { removeOnComplete: true } : {}),
    });
  }
}
