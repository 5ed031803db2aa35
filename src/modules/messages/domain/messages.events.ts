import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** A contact message as the visitor sent it: the admins are told, the visitor gets a copy. */
export type MessageReceivedPayload = {
  messageId: string;
  name: string;
  email: string;
  number: string;
  subject: string;
  message: string;
  /** A lead from another form (the SEO check): the admins are told, the sender gets no receipt. */
  lead?: boolean;
};

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    MessageReceived: MessageReceivedPayload;
  }
}

export class MessageReceived extends domainEvent('MessageReceived') {}
