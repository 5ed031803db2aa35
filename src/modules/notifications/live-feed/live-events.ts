import type { LiveEvent } from '../../../contracts/live-events.js';
import {
  type DisputeOutcome,
  formatDisputedAmount,
  formatMoney,
} from '../../../contracts/orders.js';
import type {
  DomainEvent,
  DomainEventPayloads,
  DomainEventType,
} from '../../../platform/outbox/domain-event.js';

type Announcement = Pick<LiveEvent, 'type' | 'subjectId' | 'text'>;

/** Longest user-typed part (a name, a subject) in a toast's one line. */
const MAX_PART_LENGTH = 80;

/** Names and subjects are typed by visitors: one line, and not a whole paragraph. */
function part(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_PART_LENGTH ? `${line.slice(0, MAX_PART_LENGTH - 1)}…` : line;
}

const orderLine = (order: DomainEventPayloads['OrderPlaced']) =>
  `${part(order.packageName)} from ${part(order.customerName)} (${formatMoney(order.packagePrice)})`;

const RESOLVED: Record<DisputeOutcome, string> = {
  seller: 'Dispute resolved in your favour, the order is paid again',
  refunded: 'Dispute resolved with a refund',
  reversed: 'Payment reversed by PayPal',
};

/** The domain events admins hear of as they happen, and how each reads in the live feed. */
const ANNOUNCEMENTS: {
  [T in DomainEventType]?: (payload: DomainEventPayloads[T]) => Announcement | undefined;
} = {
  OrderPlaced: (order) => ({
    type: 'order.placed',
    subjectId: order.orderId,
    text: `New order: ${orderLine(order)}`,
  }),
  OrderPaid: (order) => ({
    type: 'order.paid',
    subjectId: order.orderId,
    text: `Order paid${order.paidVia === 'paypal' ? ' with PayPal' : ' (recorded offline)'}: ${orderLine(order)}`,
  }),
  OrderCancelled: (order) => ({
    type: 'order.cancelled',
    subjectId: order.orderId,
    text: `Order cancelled by ${order.by === 'admin' ? 'an admin' : 'the customer'}: ${orderLine(order)}`,
  }),
  OrderDelivered: (order) => ({
    type: 'order.delivered',
    subjectId: order.orderId,
    text: `Order delivered: ${orderLine(order)}`,
  }),
  OrderPaymentNotApplied: (payment) => ({
    type: 'payment.needs_attention',
    subjectId: payment.orderId,
    text: `Payment needs attention: ${formatMoney(payment.amount)} arrived for an order that was ${payment.paymentStatus === 'Paid' ? 'already paid' : payment.paymentStatus.toLowerCase()}: ${orderLine(payment)}`,
  }),
  OrderDisputed: (dispute) => ({
    type: 'payment.disputed',
    subjectId: dispute.orderId,
    text: `Payment disputed at PayPal (${part(dispute.reason)}, ${formatDisputedAmount(dispute.amount, dispute.currency)}): ${orderLine(dispute)}`,
  }),
  OrderDisputeResolved: (resolution) => ({
    type: 'payment.dispute_resolved',
    subjectId: resolution.orderId,
    text: `${RESOLVED[resolution.outcome]}: ${orderLine(resolution)}`,
  }),
  MessageReceived: (message) => ({
    type: 'message.received',
    subjectId: message.messageId,
    text: `New message from ${part(message.name)}: ${part(message.subject)}`,
  }),
  DeliveryChangesRequested: (request) => ({
    type: 'delivery.changes_requested',
    subjectId: request.orderId,
    text: `Changes requested (${part(request.message)}): ${orderLine(request)}`,
  }),
  // A customer's message on an order's thread; the agency's own messages and notes are not news.
  OrderMessagePosted: (message) =>
    message.author === 'customer'
      ? {
          type: 'order.message',
          subjectId: message.orderId,
          text: `New message from ${part(message.customerName)} on their ${part(message.packageName)} order${
            message.body ? `: ${part(message.body)}` : ''
          }`,
        }
      : undefined,
  IntakeSubmitted: (intake) => ({
    type: 'order.intake_submitted',
    subjectId: intake.orderId,
    text: `${intake.first ? 'Details sent' : 'Details corrected'} by ${part(intake.customerName)} for their ${part(intake.packageName)} order`,
  }),
  SubscriberConfirmed: (subscriber) => ({
    type: 'subscriber.confirmed',
    subjectId: subscriber.subscriberId,
    text: `New subscriber: ${part(subscriber.email)}`,
  }),
};

/**
 * The live event a domain event makes, or undefined for the events admins are not told of live;
 * `originTabId`: the browser tab whose request committed it, if any.
 */
export function toLiveEvent(event: DomainEvent, originTabId?: string): LiveEvent | undefined {
  const announce = ANNOUNCEMENTS[event.type] as
    ((payload: DomainEvent['payload']) => Announcement | undefined) | undefined;
  const announcement = announce?.(event.payload);
  if (!announcement) return undefined;
  return {
    ...announcement,
    eventId: event.id,
    occurredAt: event.occurredAt.toISOString(),
    ...(originTabId && { originTabId }),
  };
}
