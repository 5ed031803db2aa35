import { DomainEvent } from '../../../platform/outbox/domain-event.js';

/** A new (or still pending, or formerly unsubscribed) address asked for the newsletter: a link confirms it. */
export class SubscriptionRequested extends DomainEvent<'SubscriptionRequested'> {
  readonly type = 'SubscriptionRequested';
}

/** The owner followed the confirmation link: the address receives the newsletter from now on. */
export class SubscriberConfirmed extends DomainEvent<'SubscriberConfirmed'> {
  readonly type = 'SubscriberConfirmed';
}
