import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { QUEUES } from '../../../platform/queue/queue-names.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { MailTransport } from '../mail/mail-transport.js';
import { renderEmail } from '../templates/email-templates.js';
import type { SendMailJob } from './send-mail.job.js';

/** Renders and sends one e-mail; a failed send is retried by the queue with exponential backoff. */
@Injectable()
@QueueProcessor(QUEUES.mail)
export class SendMailProcessor implements JobProcessor {
  constructor(private readonly transport: MailTransport) {}

  async process(job: Job<SendMailJob>): Promise<void> {
    const { to, replyTo } = job.data;
    const email = await renderEmail(job.data.template, job.data.props);
    await this.transport.send({ ...email, to, replyTo, messageId: messageIdFor(job) });
  }
}

/** The same job always yields the same Message-ID, so a retried send is recognisable as one message. */
function messageIdFor(job: Job): string {
  return `<${String(job.id).replace(/[^\w.-]/g, '.')}@seo-agency.mail>`;
}
