import { domainEvent } from '../../../platform/outbox/domain-event.js';
import type { OrderPayload } from '../../orders/index.js';

/** A round of delivery as the e-mails about it need it. */
export type DeliveryPayload = OrderPayload & {
  deliveryId: string;
  round: number;
};

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    /** The agency delivered files: the customer is e-mailed the note and the files' names. */
    WorkDelivered: DeliveryPayload & { note: string | null; filenames: string[] };
    /** The customer asked for changes (their message): the admins are told. */
    DeliveryChangesRequested: DeliveryPayload & { message: string };
    /** The customer approved (or the scheduled job did): the admins are told. */
    DeliveryApproved: DeliveryPayload & { by: 'customer' | 'auto' };
  }
}

export class WorkDelivered extends domainEvent('WorkDelivered') {}
export class DeliveryChangesRequested extends domainEvent('DeliveryChangesRequested') {}
export class DeliveryApproved extends domainEvent('DeliveryApproved') {}
