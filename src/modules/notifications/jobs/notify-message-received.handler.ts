import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { QUEUES } from '../../../platform/queue/queue-names.js';
import type { SendMailJob } from './send-mail.job.js';

/**
 * Tells every admin address about a new message and confirms receipt to the sender: one mail job per
 * recipient, with ids derived from the event so a retried event never sends twice.
 */
@Injectable()
@HandlesDomainEvent('MessageReceived')
export class NotifyMessageReceivedHandler implements DomainEventHandler<'MessageReceived'> {
  constructor(
    @InjectQueue(QUEUES.mail) private readonly mail: Queue<SendMailJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEventJob<'MessageReceived'>): Promise<void> {
    const props = event.payload;
    await this.mail.addBulk([
      ...this.config.ADMIN_EMAIL.map((admin) => ({
        name: 'messageReceivedAdmin',
        data: { template: 'messageReceivedAdmin', to: admin, replyTo: props.email, props } as const,
        opts: { jobId: `${event.id}-admin-${admin}` },
      })),
      {
        name: 'messageReceivedConfirmation',
        data: { template: 'messageReceivedConfirmation', to: props.email, props } as const,
        opts: { jobId: `${event.id}-confirmation` },
      },
    ]);
  }
}
