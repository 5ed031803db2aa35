import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { MailOutbox } from '../../notifications/index.js';

@Injectable()
@HandlesDomainEvent('LoginGuessingDetected')
export class SendLoginGuessingNotice implements DomainEventHandler<'LoginGuessingDetected'> {
  constructor(private readonly mail: MailOutbox) {}

  async handle(event: DomainEventJob<'LoginGuessingDetected'>, tx: EntityManager): Promise<void> {
    this.mail.send(tx, {
      template: 'loginGuessing',
      to: event.payload.email,
      props: { resetUrl: this.mail.link('/reset') },
    });
  }
}
