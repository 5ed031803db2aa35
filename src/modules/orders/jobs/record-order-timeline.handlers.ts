import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { formatDisputedAmount, formatMoney } from '../../../contracts/orders.js';
import type { ActivityActor, ActivityKind } from '../../../contracts/workspace.js';
import type { DomainEventPayloads } from '../../../platform/outbox/domain-event.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { recordOrderActivity } from '../domain/order-timeline.js';

type TimelineEvent =
  | 'OrderPlaced'
  | 'OrderPaid'
  | 'OrderCancelled'
  | 'OrderRefunded'
  | 'OrderDisputed'
  | 'OrderDisputeResolved'
  | 'OrderDelivered';

const RESOLVED = {
  seller: 'resolved in the agency’s favour: paid again',
  refunded: 'resolved for the buyer: refunded',
  reversed: 'ended with PayPal taking the payment back',
} as const;

/** How each order event reads on the timeline, and who did it. */
const ENTRIES: {
  [Event in TimelineEvent]: (payload: DomainEventPayloads[Event]) => {
    kind: ActivityKind;
    actor: ActivityActor;
    text: string;
  } | null;
} = {
  OrderPlaced: (order) => ({
    kind: 'placed',
    actor: 'customer',
    text: `Ordered the ${order.packageName} package (${formatMoney(order.packagePrice)})`,
  }),
  OrderPaid: (order) =>
    order.paidVia === 'paypal'
      ? {
          kind: 'paid',
          actor: 'customer',
          text: `Paid ${formatMoney(order.packagePrice)} through PayPal`,
        }
      : {
          kind: 'paid',
          actor: 'admin',
          text: `Payment of ${formatMoney(order.packagePrice)} recorded`,
        },
  OrderCancelled: (order) => ({
    kind: 'cancelled',
    actor: order.by,
    text: order.reason ? `Cancelled: ${order.reason}` : 'Cancelled',
  }),
  OrderRefunded: (order) => ({
    kind: 'refunded',
    actor: 'system',
    text: `Refunded ${formatMoney(order.packagePrice)}`,
  }),
  OrderDisputed: (order) => ({
    kind: 'disputed',
    actor: 'system',
    text: `Payment disputed at PayPal (${formatDisputedAmount(order.amount, order.currency)})`,
  }),
  OrderDisputeResolved: (order) => ({
    kind: 'dispute_resolved',
    actor: 'system',
    text: `Dispute ${RESOLVED[order.outcome]}`,
  }),
  // An approval is on the timeline already, written with it (deliverables).
  OrderDelivered: (order) =>
    order.approvedBy ? null : { kind: 'delivered', actor: 'admin', text: 'Marked Delivered' },
};

/**
 * Puts an order event on the order's timeline, at the time it happened. Runs in the worker like every
 * event handler: once per event (the ledger and the entry's unique event id both see to it).
 */
function timelineHandler<Event extends TimelineEvent>(event: Event) {
  @Injectable()
  @HandlesDomainEvent(event)
  class RecordOnTimeline implements DomainEventHandler<Event> {
    handle(job: DomainEventJob<Event>, tx: EntityManager): Promise<void> {
      const entry = ENTRIES[event](job.payload);
      if (entry) {
        recordOrderActivity(tx, {
          orderId: job.payload.orderId,
          at: new Date(job.occurredAt),
          eventId: job.id,
          ...entry,
        });
      }
      return Promise.resolve();
    }
  }
  // The ledger records handled events under the class name: one per event type.
  Object.defineProperty(RecordOnTimeline, 'name', { value: `Record${event}OnTimeline` });
  return RecordOnTimeline;
}

export const TIMELINE_HANDLERS = (Object.keys(ENTRIES) as TimelineEvent[]).map(timelineHandler);
