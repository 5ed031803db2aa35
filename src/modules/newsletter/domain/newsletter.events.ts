import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** The subscriber an e-mail is about, and the address to send it to. */
export type SubscriberPayload = {
  subscriberId: string;
  email: string;
};

/** A campaign to start at its time: `scheduledAt` tells a stale event (the schedule changed since). */
export type CampaignQueuedPayload = {
  campaignId: string;
  scheduledAt: string;
};

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    SubscriptionRequested: SubscriberPayload;
    SubscriberConfirmed: SubscriberPayload;
    CampaignQueued: CampaignQueuedPayload;
  }
}

/** A new (or still pending, or formerly unsubscribed) address asked for the newsletter: a link confirms it. */
export class SubscriptionRequested extends domainEvent('SubscriptionRequested') {}

/** The owner followed the confirmation link: the address receives the newsletter from now on. */
export class SubscriberConfirmed extends domainEvent('SubscriberConfirmed') {}

/**
 * An admin sent a campaign now or for later: due at its time, its handler fans it out to the confirmed
 * subscribers of that moment (unless it was cancelled or rescheduled meanwhile).
 */
export class CampaignQueued extends domainEvent('CampaignQueued') {
  constructor(
    payload: CampaignQueuedPayload,
    override readonly dueAt: Date | null,
  ) {
    super(payload);
  }
}
