import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** The subscriber an e-mail is about, and the address to send it to. */
export type SubscriberPayload = {
  subscriberId: string;
  email: string;
};

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    SubscriptionRequested: SubscriberPayload;
    SubscriberConfirmed: SubscriberPayload;
  }
}

/** A new (or still pending, or formerly unsubscribed) address asked for the newsletter: a link confirms it. */
export class SubscriptionRequested extends domainEvent('SubscriptionRequested') {}

/** The owner followed the confirmation link: the address receives the newsletter from now on. */
export class SubscriberConfirmed extends domainEvent('SubscriberConfirmed') {}
