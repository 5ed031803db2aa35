import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { Subscriber } from '../domain/subscriber.entity.js';
import {
  deleteExpiredSubscriberTokens,
  issueSubscriberToken,
} from '../domain/subscriber-tokens.js';
import { NewsletterMail } from './newsletter-mail.js';

/** Issues a confirmation link (and the unsubscribe link every newsletter e-mail has) and mails them. */
@Injectable()
@HandlesDomainEvent('SubscriptionRequested')
export class SendSubscriptionConfirmation implements DomainEventHandler<'SubscriptionRequested'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: NewsletterMail,
  ) {}

  async handle(event: DomainEventJob<'SubscriptionRequested'>): Promise<void> {
    const { subscriberId, email } = event.payload;
    const em = this.em.fork();
    // Confirmed (by an earlier link) or unsubscribed since the request: nothing to confirm any more.
    const subscriber = await em.findOne(Subscriber, subscriberId, { fields: ['status'] });
    if (subscriber?.status !== 'pending') return;
    await deleteExpiredSubscriberTokens(em, subscriberId);
    const confirmToken = issueSubscriberToken(em, subscriberId, 'confirm');
    const unsubscribeToken = issueSubscriberToken(em, subscriberId, 'unsubscribe');
    await em.flush();
    await this.mail.send(event, {
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
  constructor(
    private readonly em: EntityManager,
    private readonly mail: NewsletterMail,
  ) {}

  async handle(event: DomainEventJob<'SubscriberConfirmed'>): Promise<void> {
    const { subscriberId, email } = event.payload;
    const em = this.em.fork();
    const subscriber = await em.findOne(Subscriber, subscriberId, { fields: ['status'] });
    if (subscriber?.status !== 'confirmed') return;
    const unsubscribeToken = issueSubscriberToken(em, subscriberId, 'unsubscribe');
    await em.flush();
    await this.mail.send(event, {
      template: 'newsletterWelcome',
      to: email,
      props: { unsubscribeUrl: this.mail.link('/newsletter/unsubscribe', unsubscribeToken) },
    });
  }
}
