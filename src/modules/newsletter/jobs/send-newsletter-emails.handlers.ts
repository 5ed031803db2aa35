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
import { claimWelcome, readWelcomeEmail } from '../domain/welcome-email.js';

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

/**
 * Welcomes a confirmed subscriber with the admins' welcome e-mail (subject and Markdown, rendered like a
 * campaign, with the unsubscribe link in its body and List-Unsubscribe headers), once in the
 * subscriber's lifetime: a second confirmation, a re-delivered event or a re-subscription after an
 * unsubscribe sends nothing (`welcomed_at`, claimed in this transaction). While the welcome is switched
 * off nothing is sent and the subscriber is not marked: a later confirmation (after an unsubscribe and
 * a new sign-up) while it is on welcomes them. An address no longer confirmed (unsubscribed, bounced,
 * complained) by now gets nothing.
 */
@Injectable()
@HandlesDomainEvent('SubscriberConfirmed')
export class SendSubscriptionWelcome implements DomainEventHandler<'SubscriberConfirmed'> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'SubscriberConfirmed'>, tx: EntityManager): Promise<void> {
    const { subscriberId, email } = event.payload;
    const welcome = await readWelcomeEmail(tx);
    if (!welcome.enabled) return;
    if (!(await claimWelcome(tx, subscriberId))) return;
    const unsubscribeToken = issueSubscriberToken(tx, subscriberId, 'unsubscribe');
    const unsubscribeUrl = this.mail.link('/newsletter/unsubscribe', unsubscribeToken);
    this.mail.send(tx, {
      template: 'newsletterWelcome',
      to: email,
      props: { subject: welcome.subject, body: welcome.body, unsubscribeUrl },
      unsubscribeUrl,
    });
  }
}
