import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import { Subscriber } from '../domain/subscriber.entity.js';
import {
  deleteExpiredSubscriberTokens,
  issueSubscriberToken,
} from '../domain/subscriber-tokens.js';

/** Issues a confirmation link (and the unsubscribe link every newsletter e-mail has) and mails them. */
@Injectable()
@HandlesDomainEvent('SubscriptionRequested')
export class SendSubscriptionConfirmation implements DomainEventHandler<'SubscriptionRequested'> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'SubscriptionRequested'>, tx: EntityManager): Promise<void> {
    const { subscriberId, email } = event.payload;
    // Confirmed (by an earlier link) or unsubscribed since the request: nothing to confirm any more.
    const subscriber = await tx.findOne(Subscriber, subscriberId, { fields: ['status'] });
    if (subscriber?.status !== 'pending') return;
    await deleteExpiredSubscriberTokens(tx, subscriberId);
    const confirmToken = issueSubscriberToken(tx, subscriberId, 'confirm');
    const unsubscribeToken = issueSubscriberToken(tx, subscriberId, 'unsubscribe');
    this.mail.send(tx, {
      template: 'newsletterConfirmation',
      to: email,
      props: {
        confirmUrl: this.mail.link('/newsletter/confirm', confirmToken),
        unsubscribeUrl: this.mail.link('/newsletter/unsubscribe', unsubscribeToken),
      },
    });
  }
}

/** Welcomes a confirmed subscriber, with the unsubscribe link. */
@Injectable()
@HandlesDomainEvent('SubscriberConfirmed')
export class SendSubscriptionWelcome implements DomainEventHandler<'SubscriberConfirmed'> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'SubscriberConfirmed'>, tx: EntityManager): Promise<void> {
    const { subscriberId, email } = event.payload;
    const subscriber = await tx.findOne(Subscriber, subscriberId, { fields: ['status'] });
    if (subscriber?.status !== 'confirmed') return;
    const unsubscribeToken = issueSubscriberToken(tx, subscriberId, 'unsubscribe');
    this.mail.send(tx, {
      template: 'newsletterWelcome',
      to: email,
      props: { unsubscribeUrl: this.mail.link('/newsletter/unsubscribe', unsubscribeToken) },
    });
  }
}
