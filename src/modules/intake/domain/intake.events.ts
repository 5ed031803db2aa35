import { domainEvent } from '../../../platform/outbox/domain-event.js';
import type { OrderPayload } from '../../orders/index.js';

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    /** The customer sent (`first`) or corrected the order's intake answers. */
    IntakeSubmitted: OrderPayload & { first: boolean };
  }
}

/** The customer sent the project's details: the admins hear of it on the live feed (the work starts). */
export class IntakeSubmitted extends domainEvent('IntakeSubmitted') {}
