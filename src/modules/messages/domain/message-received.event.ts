import { DomainEvent } from '../../../platform/outbox/domain-event.js';

export class MessageReceived extends DomainEvent<'MessageReceived'> {
  readonly type = 'MessageReceived';
}
