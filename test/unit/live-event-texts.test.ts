/**
 * What the admin live feed says of each domain event it announces (toLiveEvent): the event's type, the
 * record it is about and one line for the toast, with money as the exact decimal; other events say
 * nothing; a visitor's long or multi-line text stays one short line.
 */
import { describe, expect, it } from '@jest/globals';
import { liveEventSchema } from '../../src/contracts/live-events.js';
import { toLiveEvent } from '../../src/modules/notifications/live-feed/live-events.js';
import {
  MessageReceived,
  type MessageReceivedPayload,
} from '../../src/modules/messages/domain/messages.events.js';
import { IntakeSubmitted } from '../../src/modules/intake/domain/intake.events.js';
import { OrderMessagePosted } from '../../src/modules/order-thread/domain/order-thread.events.js';
import {
  SubscriberConfirmed,
  SubscriptionRequested,
} from '../../src/modules/newsletter/domain/newsletter.events.js';
import {
  OrderCancelled,
  OrderDelivered,
  OrderDisputed,
  OrderDisputeResolved,
  OrderPaid,
  OrderPaymentNotApplied,
  type OrderPayload,
  OrderPlaced,
  OrderRefunded,
} from '../../src/modules/orders/domain/orders.events.js';

const order: OrderPayload = {
  orderId: 'order-1',
  packageName: 'Premium',
  packagePrice: '1234.50',
  customerEmail: 'jane@example.test',
  customerName: 'Jane Doe',
  orderDate: '2026-11-23T10:00:00.000Z',
};
const message: MessageReceivedPayload = {
  messageId: 'message-1',
  name: 'Jane Doe',
  email: 'jane@example.test',
  number: '+1 555 0100',
  subject: 'An SEO audit',
  message: 'Hello',
};

describe('the live feed’s events', () => {
  it('says what happened in one line, about the record concerned', () => {
    const cases = [
      [
        new OrderPlaced(order),
        'order.placed',
        'order-1',
        'New order: Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderPaid({ ...order, paidVia: 'paypal' }),
        'order.paid',
        'order-1',
        'Order paid with PayPal: Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderPaid({ ...order, paidVia: 'offline' }),
        'order.paid',
        'order-1',
        'Order paid (recorded offline): Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderCancelled({ ...order, by: 'customer', reason: null }),
        'order.cancelled',
        'order-1',
        'Order cancelled by the customer: Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderDelivered(order),
        'order.delivered',
        'order-1',
        'Order delivered: Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderPaymentNotApplied({
          ...order,
          txnId: 'CAPTURE-2',
          amount: '1234.50',
          channel: 'checkout',
          notificationId: null,
          paymentStatus: 'Cancelled',
          reason: 'not applied',
        }),
        'payment.needs_attention',
        'order-1',
        'Payment needs attention: $1234.50 arrived for an order that was cancelled: Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderDisputed({
          ...order,
          disputeId: 'PP-D-27803',
          reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
          amount: '1234.50',
          currency: 'USD',
        }),
        'payment.disputed',
        'order-1',
        'Payment disputed at PayPal (MERCHANDISE_OR_SERVICE_NOT_RECEIVED, $1234.50): Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderDisputed({
          ...order,
          disputeId: 'CASE-1',
          reason: 'chargeback',
          amount: '1000.00',
          currency: 'EUR',
        }),
        'payment.disputed',
        'order-1',
        'Payment disputed at PayPal (chargeback, 1000.00 EUR): Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderDisputeResolved({
          ...order,
          disputeId: 'PP-D-27803',
          outcome: 'seller',
          from: 'Disputed',
          paymentStatus: 'Paid',
        }),
        'payment.dispute_resolved',
        'order-1',
        'Dispute resolved in your favour, the order is paid again: Premium from Jane Doe ($1234.50)',
      ],
      [
        new OrderDisputeResolved({
          ...order,
          disputeId: null,
          outcome: 'reversed',
          from: 'Disputed',
          paymentStatus: 'Reversed',
        }),
        'payment.dispute_resolved',
        'order-1',
        'Payment reversed by PayPal: Premium from Jane Doe ($1234.50)',
      ],
      [
        new MessageReceived(message),
        'message.received',
        'message-1',
        'New message from Jane Doe: An SEO audit',
      ],
      [
        new SubscriberConfirmed({ subscriberId: 'subscriber-1', email: 'jane@example.test' }),
        'subscriber.confirmed',
        'subscriber-1',
        'New subscriber: jane@example.test',
      ],
    ] as const;
    for (const [event, type, subjectId, text] of cases) {
      const live = liveEventSchema.parse(toLiveEvent(event));
      expect(live).toStrictEqual({
        type,
        subjectId,
        text,
        eventId: event.id,
        occurredAt: event.occurredAt.toISOString(),
      });
    }
  });

  it('says nothing of the events admins do not follow live', () => {
    expect(toLiveEvent(new OrderRefunded(order))).toBeUndefined();
    expect(
      toLiveEvent(new SubscriptionRequested({ subscriberId: 's', email: 'a@example.test' })),
    ).toBeUndefined();
  });

  it('keeps a visitor’s text to one short line', () => {
    const live = toLiveEvent(
      new MessageReceived({ ...message, name: 'Jane\n\nDoe', subject: `Audit ${'x'.repeat(200)}` }),
    );
    expect(live?.text).toMatch(/^New message from Jane Doe: Audit x+…$/);
    expect(live?.text.length).toBeLessThan(120);
  });

  it('announces a customer’s message on an order’s thread, not the agency’s messages or notes', () => {
    const posted = {
      orderId: 'order-1',
      packageName: 'Premium',
      customerName: 'Jane Doe',
      customerEmail: 'jane@example.test',
      messageId: 'm-1',
      author: 'customer' as const,
      authorEmail: 'jane@example.test',
      internal: false,
      body: 'Here is\nmy site',
      attachmentNames: [],
    };
    const live = liveEventSchema.parse(toLiveEvent(new OrderMessagePosted(posted)));
    expect(live).toMatchObject({
      type: 'order.message',
      subjectId: 'order-1',
      text: 'New message from Jane Doe on their Premium order: Here is my site',
    });
    expect(
      toLiveEvent(new OrderMessagePosted({ ...posted, author: 'admin', body: 'Answer' })),
    ).toBeUndefined();
    expect(
      toLiveEvent(new OrderMessagePosted({ ...posted, author: 'admin', internal: true })),
    ).toBeUndefined();
  });

  it('announces a customer’s intake answers, first sent or corrected', () => {
    const sent = liveEventSchema.parse(toLiveEvent(new IntakeSubmitted({ ...order, first: true })));
    expect(sent).toMatchObject({
      type: 'order.intake_submitted',
      subjectId: order.orderId,
      text: `Details sent by ${order.customerName} for their ${order.packageName} order`,
    });
    expect(toLiveEvent(new IntakeSubmitted({ ...order, first: false }))?.text).toMatch(
      /^Details corrected by /,
    );
  });
});
