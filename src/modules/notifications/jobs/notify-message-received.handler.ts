import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { QUEUES } from '../../../platform/queue/queue-names.js';
import { ListAdminRecipientsQuery } from '../../identity/queries/list-admin-users/admin-recipients.query.js';
import type { SendMailJob } from './send-mail.job.js';

/**
 * Tells the admins about a new message (the ADMIN_EMAIL addresses and every admin user holding their
 * rights) and confirms receipt to the sender: one mail job per recipient, with ids derived from the
 * event so a retried event never sends twice.
 */
@Injectable()
@HandlesDomainEvent('MessageReceived')
export class NotifyMessageReceivedHandler implements DomainEventHandler<'MessageReceived'> {
  constructor(
    @InjectQueue(QUEUES.mail) private readonly mail: Queue<SendMailJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queryBus: QueryBus,
  ) {}

  async handle(event: DomainEventJob<'MessageReceived'>): Promise<void> {
    const props = event.payload;
    const adminUsers = await this.queryBus.execute(new ListAdminRecipientsQuery());
    const admins = [
      ...new Set([...this.config.ADMIN_EMAIL, ...adminUsers].map((a) => a.toLowerCase())),
    ];
    await this.mail.addBulk([
      ...admins.map((admin) => ({
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
