import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** A contact message as the visitor sent it: the admins are told, the visitor gets a copy. */
export type MessageReceivedPayload = {
  messageId: string;
  name: string;
  email: string;
  number: string;
  subject: string;
  message: string;
};

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    MessageReceived: MessageReceivedPayload;
  }
}

export class MessageReceived extends domainEvent('MessageReceived') {}
