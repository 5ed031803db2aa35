import type { MessageAuthor } from '../../../contracts/order-thread.js';
import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** The order a thread's message is about, as it was when it was written. */
export type OrderThreadOrder = {
  orderId: string;
  packageName: string;
  customerName: string;
  customerEmail: string;
};

/** A message or internal note on an order's thread. */
export type OrderMessagePostedPayload = OrderThreadOrder & {
  messageId: string;
  author: MessageAuthor;
  authorEmail: string;
  internal: boolean;
  /** The text as written (plain text). */
  body: string;
  /** The names of the files attached. */
  attachmentNames: string[];
};

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    OrderMessagePosted: OrderMessagePostedPayload;
    OrderMessagesMailDue: OrderThreadOrder;
  }
}

/**
 * A message was written on an order's thread: a customer's reaches the admins at once (the live feed
 * and an e-mail); the agency's are e-mailed to the customer in batches (OrderMessagesMailDue); an
 * internal note tells nobody.
 */
export class OrderMessagePosted extends domainEvent('OrderMessagePosted') {}

/**
 * Recorded with the first agency message since the customer's last e-mail about the thread, due
 * ORDER_MESSAGE_EMAIL_DELAY_MS later: then one e-mail lists every agency message the customer has not
 * read nor been e-mailed (none: no e-mail).
 */
export class OrderMessagesMailDue extends domainEvent('OrderMessagesMailDue') {
  constructor(
    payload: OrderThreadOrder,
    override readonly dueAt: Date,
  ) {
    super(payload);
  }
}
