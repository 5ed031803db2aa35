import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { Mailer } from '../../../platform/mail/mail.port.js';

@Injectable()
@HandlesDomainEvent('LoginGuessingDetected')
export class SendLoginGuessingNotice implements DomainEventHandler<'LoginGuessingDetected'> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'LoginGuessingDetected'>, tx: EntityManager): Promise<void> {
    this.mail.send(tx, {
      template: 'loginGuessing',
      to: event.payload.email,
      props: { resetUrl: this.mail.link('/reset') },
    });
  }
}
