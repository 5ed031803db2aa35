import { describe, expect, it } from '@jest/globals';
import {
  ORDER_TEXTS,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../src/contracts/orders.js';
import type { DomainEvent } from '../../src/platform/outbox/domain-event.js';
import { isPayable, isRefundable, Order } from '../../src/modules/orders/domain/order.entity.js';
import { OrderTransitionError } from '../../src/modules/orders/domain/order-errors.js';

const placedAt = new Date('2026-11-20T10:00:00.000Z');
const at = new Date('2026-11-21T12:30:00.000Z');
const DAY_MS = 86_400_000;

/** An order placed yesterday, then brought (as the database would hold it) to the given states. */
function orderIn(paymentStatus: PaymentStatus, orderStatus: OrderStatus = 'Pending'): Order {
  const { order } = Order.place(
    {
      packageId: '6f1e0c1e-0000-4000-8000-000000000001',
      packageName: 'Premium',
      packagePrice: '499.00',
      customerEmail: 'Ada@Example.test',
      customerName: 'Ada Lovelace',
    },
    placedAt,
    DAY_MS,
  );
  order.paymentStatus = paymentStatus;
  order.orderStatus = orderStatus;
  if (orderStatus === 'Delivered') order.deliveredAt = placedAt;
  // A disputed payment has its dispute; a reversed one, its dispute ended by the reversal.
  if (paymentStatus === 'Disputed' || paymentStatus === 'Reversed') {
    Object.assign(order, {
      disputeId: dispute.disputeId,
      disputeReason: dispute.reason,
      disputeAmount: dispute.amount,
      disputeCurrency: dispute.currency,
      disputedAt: placedAt,
    });
  }
  if (paymentStatus === 'Reversed') {
    Object.assign(order, { disputeResolvedAt: placedAt, disputeOutcome: 'reversed' });
  }
  return order;
}

const state = (order: Order) => ({ ...order });
const eventTypes = (events: DomainEvent[]) => events.map((event) => event.type);

const dispute = {
  disputeId: 'PP-D-27803',
  reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  amount: '499.00',
  currency: 'USD',
};

const payment = {
  txnId: '2GG279541U471931P',
  amount: '499.00',
  channel: 'checkout' as const,
  notificationId: null,
};

/** Every payment transition, and what it leaves the order's payment status at when it is allowed. */
const TRANSITIONS: Record<string, (order: Order) => DomainEvent[]> = {
  'pay through PayPal': (order) => order.pay('paypal', at),
  'pay offline': (order) => order.pay('offline', at, 'Paid by bank transfer'),
  'cancel (customer)': (order) => order.cancel('customer', null, at),
  'cancel (admin)': (order) => order.cancel('admin', 'Changed their mind', at),
  refund: (order) => order.refund(at),
  'set a payment aside': (order) => order.setPaymentAside(payment, at),
  review: (order) => order.review('amount 1.00 is not the order’s price 499.00', at),
  reverse: (order) => order.reverse('Reversed', at),
  dispute: (order) => order.dispute(dispute, at),
  'resolve for the seller': (order) => order.resolveDispute('seller', dispute.disputeId, at),
  'resolve with a refund': (order) => order.resolveDispute('refunded', dispute.disputeId, at),
  'resolve with a reversal': (order) => order.resolveDispute('reversed', dispute.disputeId, at),
};

/** Allowed (to a status, with events), refused (with the reason), or ignored: a report already applied. */
type Outcome = { to: PaymentStatus; events: string[] } | { refused: string } | { ignored: true };

const NOT_DISPUTED = {
  dispute: { refused: ORDER_TEXTS.notDisputable },
  'resolve for the seller': { refused: ORDER_TEXTS.notResolvableForSeller },
  'resolve with a refund': { refused: ORDER_TEXTS.notResolvableAgainstSeller },
  'resolve with a reversal': { refused: ORDER_TEXTS.notResolvableAgainstSeller },
} as const;

/** The whole table: each (payment state × transition) pair. */
const EXPECTED: Record<PaymentStatus, Record<keyof typeof TRANSITIONS, Outcome>> = {
  UnPaid: {
    'pay through PayPal': { to: 'Paid', events: ['OrderPaid'] },
    'pay offline': { to: 'Paid', events: ['OrderPaid'] },
    'cancel (customer)': { to: 'Cancelled', events: ['OrderCancelled'] },
    'cancel (admin)': { to: 'Cancelled', events: ['OrderCancelled'] },
    refund: { refused: ORDER_TEXTS.notRefundable },
    'set a payment aside': { refused: 'An unpaid order takes the payment: it is not set aside.' },
    review: { to: 'UnPaid', events: [] },
    reverse: { to: 'UnPaid', events: [] },
    ...NOT_DISPUTED,
  },
  Paid: {
    'pay through PayPal': { refused: 'Only an unpaid order can be marked paid.' },
    'pay offline': { refused: 'Only an unpaid order can be marked paid.' },
    'cancel (customer)': { refused: ORDER_TEXTS.notUnpaid },
    'cancel (admin)': { refused: ORDER_TEXTS.notUnpaid },
    refund: { to: 'Refunded', events: ['OrderRefunded'] },
    'set a payment aside': { to: 'Paid', events: ['OrderPaymentNotApplied'] },
    review: { to: 'Paid', events: [] },
    reverse: { to: 'Paid', events: [] },
    dispute: { to: 'Disputed', events: ['OrderDisputed'] },
    'resolve for the seller': { refused: ORDER_TEXTS.notResolvableForSeller },
    'resolve with a refund': { to: 'Refunded', events: ['OrderDisputeResolved'] },
    'resolve with a reversal': { to: 'Reversed', events: ['OrderDisputeResolved'] },
  },
  Cancelled: {
    'pay through PayPal': { refused: 'Only an unpaid order can be marked paid.' },
    'pay offline': { refused: 'Only an unpaid order can be marked paid.' },
    'cancel (customer)': { refused: ORDER_TEXTS.notUnpaid },
    'cancel (admin)': { refused: ORDER_TEXTS.notUnpaid },
    refund: { refused: ORDER_TEXTS.notRefundable },
    'set a payment aside': { to: 'Cancelled', events: ['OrderPaymentNotApplied'] },
    review: { to: 'Cancelled', events: [] },
    reverse: { to: 'Cancelled', events: [] },
    ...NOT_DISPUTED,
  },
  Refunded: {
    'pay through PayPal': { refused: 'Only an unpaid order can be marked paid.' },
    'pay offline': { refused: 'Only an unpaid order can be marked paid.' },
    'cancel (customer)': { refused: ORDER_TEXTS.notUnpaid },
    'cancel (admin)': { refused: ORDER_TEXTS.notUnpaid },
    refund: { refused: ORDER_TEXTS.notRefundable },
    'set a payment aside': { to: 'Refunded', events: ['OrderPaymentNotApplied'] },
    review: { to: 'Refunded', events: [] },
    reverse: { to: 'Refunded', events: [] },
    ...NOT_DISPUTED,
  },
  Disputed: {
    'pay through PayPal': { refused: 'Only an unpaid order can be marked paid.' },
    'pay offline': { refused: 'Only an unpaid order can be marked paid.' },
    'cancel (customer)': { refused: ORDER_TEXTS.notUnpaid },
    'cancel (admin)': { refused: ORDER_TEXTS.notUnpaid },
    refund: { refused: ORDER_TEXTS.notRefundable },
    'set a payment aside': { to: 'Disputed', events: ['OrderPaymentNotApplied'] },
    review: { to: 'Disputed', events: [] },
    reverse: { to: 'Disputed', events: [] },
    // The same dispute reported again (UPDATED): its details are updated, no new transition.
    dispute: { to: 'Disputed', events: [] },
    'resolve for the seller': { to: 'Paid', events: ['OrderDisputeResolved'] },
    'resolve with a refund': { to: 'Refunded', events: ['OrderDisputeResolved'] },
    'resolve with a reversal': { to: 'Reversed', events: ['OrderDisputeResolved'] },
  },
  Reversed: {
    'pay through PayPal': { refused: 'Only an unpaid order can be marked paid.' },
    'pay offline': { refused: 'Only an unpaid order can be marked paid.' },
    'cancel (customer)': { refused: ORDER_TEXTS.notUnpaid },
    'cancel (admin)': { refused: ORDER_TEXTS.notUnpaid },
    refund: { refused: ORDER_TEXTS.notRefundable },
    'set a payment aside': { to: 'Reversed', events: ['OrderPaymentNotApplied'] },
    review: { to: 'Reversed', events: [] },
    reverse: { to: 'Reversed', events: [] },
    // The dispute the reversal ended, reported late: it does not open again.
    dispute: { ignored: true },
    // A cancelled reversal: the money came back.
    'resolve for the seller': { to: 'Paid', events: ['OrderDisputeResolved'] },
    'resolve with a refund': { refused: ORDER_TEXTS.notResolvableAgainstSeller },
    'resolve with a reversal': { ignored: true },
  },
};

const PAIRS = PAYMENT_STATUSES.flatMap((from) =>
  Object.keys(TRANSITIONS).map((transition) => ({
    from,
    transition,
    outcome: EXPECTED[from][transition]!,
  })),
);

describe('the order’s payment state machine, every (payment state × transition) pair', () => {
  it('has an expectation for every pair', () => {
    expect(PAIRS).toHaveLength(PAYMENT_STATUSES.length * Object.keys(TRANSITIONS).length);
    for (const pair of PAIRS) expect(pair.outcome).toBeDefined();
  });

  it.each(PAIRS.filter((pair) => 'to' in pair.outcome))(
    '$from: $transition is allowed',
    ({ from, transition, outcome }) => {
      const order = orderIn(from);
      const events = TRANSITIONS[transition]!(order);
      const allowed = outcome as Extract<Outcome, { to: PaymentStatus }>;
      expect(order.paymentStatus).toBe(allowed.to);
      expect(eventTypes(events)).toStrictEqual(allowed.events);
      expect(order.updatedAt).toStrictEqual(at);
      for (const event of events) expect(event.payload).toMatchObject({ orderId: order.id });
    },
  );

  it.each(PAIRS.filter((pair) => 'refused' in pair.outcome))(
    '$from: $transition is refused, and nothing changes',
    ({ from, transition, outcome }) => {
      const order = orderIn(from);
      const before = state(order);
      const attempt = () => TRANSITIONS[transition]!(order);
      expect(attempt).toThrow(OrderTransitionError);
      expect(attempt).toThrow((outcome as { refused: string }).refused);
      expect(state(order)).toStrictEqual(before);
    },
  );

  it.each(PAIRS.filter((pair) => 'ignored' in pair.outcome))(
    '$from: $transition was applied already, and nothing changes',
    ({ from, transition }) => {
      const order = orderIn(from);
      const before = state(order);
      expect(TRANSITIONS[transition]!(order)).toStrictEqual([]);
      expect(state(order)).toStrictEqual(before);
    },
  );

  it('answers a refusal as a 409 with the message the user reads', () => {
    const order = orderIn('Paid');
    try {
      order.cancel('customer', null, at);
      throw new Error('the cancel was not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(OrderTransitionError);
      expect((error as OrderTransitionError).getStatus()).toBe(409);
      expect((error as OrderTransitionError).getResponse()).toMatchObject({
        message: ORDER_TEXTS.notUnpaid,
      });
    }
  });
});

describe('what each allowed payment transition records', () => {
  it('places an order UnPaid and Pending, with its reminder due after the delay', () => {
    const { order, events } = Order.place(
      {
        packageId: '6f1e0c1e-0000-4000-8000-000000000001',
        packageName: 'Basic',
        packagePrice: '49.00',
        customerEmail: 'Ada@Example.test',
        customerName: 'Ada Lovelace',
      },
      placedAt,
      DAY_MS,
    );
    expect(order).toMatchObject({
      paymentStatus: 'UnPaid',
      orderStatus: 'Pending',
      customerEmail: 'ada@example.test',
      customerAddress: 'NA',
      customerCountry: 'NA',
      orderDate: placedAt,
    });
    expect(eventTypes(events)).toStrictEqual(['OrderPlaced', 'OrderPaymentDue']);
    expect(events[1]!.dueAt).toStrictEqual(new Date(placedAt.getTime() + DAY_MS));
    expect(events[0]!.payload).toStrictEqual({
      orderId: order.id,
      packageName: 'Basic',
      packagePrice: '49.00',
      customerEmail: 'ada@example.test',
      customerName: 'Ada Lovelace',
      orderDate: placedAt.toISOString(),
    });
  });

  it('pays: when and how, with an offline payment’s note; the event says how', () => {
    const paypal = orderIn('UnPaid');
    expect(paypal.pay('paypal', at)[0]!.payload).toMatchObject({ paidVia: 'paypal' });
    expect(paypal).toMatchObject({ paidAt: at, paidVia: 'paypal' });
    expect(paypal.note ?? null).toBeNull();
    const offline = orderIn('UnPaid');
    expect(offline.pay('offline', at, 'Bank transfer')[0]!.payload).toMatchObject({
      paidVia: 'offline',
    });
    expect(offline).toMatchObject({ paidAt: at, paidVia: 'offline', note: 'Bank transfer' });
  });

  it('cancels: when, by whom and why; a customer’s cancel keeps an earlier note', () => {
    const byAdmin = orderIn('UnPaid');
    expect(byAdmin.cancel('admin', 'Duplicate order', at)[0]!.payload).toMatchObject({
      by: 'admin',
      reason: 'Duplicate order',
    });
    expect(byAdmin).toMatchObject({ cancelledAt: at, note: 'Duplicate order' });
    const byCustomer = orderIn('UnPaid');
    byCustomer.note = 'Asked for an invoice';
    expect(byCustomer.cancel('customer', null, at)[0]!.payload).toMatchObject({
      by: 'customer',
      reason: null,
    });
    expect(byCustomer.note).toBe('Asked for an invoice');
  });

  it('refunds: when, and PayPal’s word for it', () => {
    const order = orderIn('Paid');
    order.refund(at);
    expect(order).toMatchObject({ refundedAt: at, paymentEvent: 'Refunded' });
  });

  it('sets money aside for a paid order with the amount, the capture and the state in the reason', () => {
    const order = orderIn('Paid');
    const [event] = order.setPaymentAside(payment, at);
    const reason =
      '$499.00 arrived through PayPal (2GG279541U471931P) while the order was already paid: it was not applied to the order and should be refunded';
    expect(order.reviewReason).toBe(reason);
    expect(event.payload).toMatchObject({ ...payment, paymentStatus: 'Paid', reason });
    expect(orderIn('Cancelled').setPaymentAside(payment, at)[0].payload.reason).toContain(
      'while the order was cancelled',
    );
  });

  it('reviews and records reversals as notes, in any state', () => {
    const order = orderIn('Paid');
    order.review('payee someone@else.test is not our PayPal e-mail', at);
    order.reverse('Canceled_Reversal', at);
    expect(order).toMatchObject({
      paymentStatus: 'Paid',
      reviewReason: 'payee someone@else.test is not our PayPal e-mail',
      paymentEvent: 'Canceled_Reversal',
    });
  });
});

describe('what the dispute transitions record', () => {
  it('opens a dispute with PayPal’s id, reason and amount; the event carries them', () => {
    const order = orderIn('Paid');
    const [event] = order.dispute(dispute, at);
    expect(order).toMatchObject({
      paymentStatus: 'Disputed',
      disputeId: 'PP-D-27803',
      disputeReason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      disputeAmount: '499.00',
      disputeCurrency: 'USD',
      disputedAt: at,
      disputeResolvedAt: null,
      disputeOutcome: null,
    });
    expect(event!.payload).toMatchObject({ orderId: order.id, ...dispute });
  });

  it('updates the same dispute reported again without a new transition; refuses another one', () => {
    const order = orderIn('Paid');
    order.dispute(dispute, placedAt);
    const update = { ...dispute, reason: 'UNAUTHORISED', amount: '250.00' };
    expect(order.dispute(update, at)).toStrictEqual([]);
    expect(order).toMatchObject({
      paymentStatus: 'Disputed',
      disputeReason: 'UNAUTHORISED',
      disputeAmount: '250.00',
      disputedAt: placedAt,
    });
    expect(() => order.dispute({ ...dispute, disputeId: 'PP-D-99999' }, at)).toThrow(
      ORDER_TEXTS.otherDisputeOpen,
    );
  });

  it('resolves for the seller once: Paid again; the same resolution or a late report changes nothing', () => {
    const order = orderIn('Paid');
    order.dispute(dispute, placedAt);
    const [event] = order.resolveDispute('seller', dispute.disputeId, at);
    expect(event!.payload).toMatchObject({
      disputeId: dispute.disputeId,
      outcome: 'seller',
      from: 'Disputed',
      paymentStatus: 'Paid',
    });
    expect(order).toMatchObject({
      paymentStatus: 'Paid',
      disputeResolvedAt: at,
      disputeOutcome: 'seller',
    });
    const resolved = state(order);
    expect(order.resolveDispute('seller', dispute.disputeId, placedAt)).toStrictEqual([]);
    expect(order.dispute(dispute, placedAt)).toStrictEqual([]);
    expect(state(order)).toStrictEqual(resolved);
  });

  it('a new dispute after one resolved for the seller opens again', () => {
    const order = orderIn('Paid');
    order.dispute(dispute, placedAt);
    order.resolveDispute('seller', dispute.disputeId, placedAt);
    const [event] = order.dispute({ ...dispute, disputeId: 'PP-D-99999' }, at);
    expect(event!.type).toBe('OrderDisputed');
    expect(order).toMatchObject({
      paymentStatus: 'Disputed',
      disputeId: 'PP-D-99999',
      disputeResolvedAt: null,
      disputeOutcome: null,
    });
  });

  it('a refund ends it Refunded with when; a resolution naming no dispute applies to the order’s', () => {
    const refunded = orderIn('Disputed');
    refunded.resolveDispute('refunded', dispute.disputeId, at);
    expect(refunded).toMatchObject({ paymentStatus: 'Refunded', refundedAt: at });
    const reversed = orderIn('Disputed');
    const [event] = reversed.resolveDispute('reversed', null, at);
    expect(event!.payload).toMatchObject({ disputeId: dispute.disputeId, outcome: 'reversed' });
    expect(reversed.paymentStatus).toBe('Reversed');
  });

  it('refuses a resolution of another dispute than the order’s, and nothing changes', () => {
    const order = orderIn('Disputed');
    const before = state(order);
    expect(() => order.resolveDispute('refunded', 'PP-D-99999', at)).toThrow(
      ORDER_TEXTS.otherDisputeResolved,
    );
    expect(state(order)).toStrictEqual(before);
  });

  it('a later dispute reported only as resolved replaces what the order recorded of the earlier one', () => {
    const order = orderIn('Paid');
    order.dispute(dispute, placedAt);
    order.resolveDispute('seller', dispute.disputeId, placedAt);
    const [event] = order.resolveDispute('refunded', 'PP-D-55555', at);
    expect(event!.payload).toMatchObject({ disputeId: 'PP-D-55555', from: 'Paid' });
    expect(order).toMatchObject({
      paymentStatus: 'Refunded',
      disputeId: 'PP-D-55555',
      disputeReason: null,
      disputeAmount: null,
      disputedAt: null,
      disputeResolvedAt: at,
      disputeOutcome: 'refunded',
    });
  });

  it('a dispute PayPal reports only as resolved is recorded by its id', () => {
    const order = orderIn('Paid');
    order.resolveDispute('reversed', 'PP-D-55555', at);
    expect(order).toMatchObject({
      paymentStatus: 'Reversed',
      disputeId: 'PP-D-55555',
      disputeResolvedAt: at,
    });
  });
});

describe('one payable rule', () => {
  it.each([
    ['UnPaid', true, false, null],
    ['Paid', false, true, ORDER_TEXTS.alreadyPaid],
    ['Cancelled', false, false, ORDER_TEXTS.cancelledNotPayable],
    ['Refunded', false, false, ORDER_TEXTS.refundedNotPayable],
    ['Disputed', false, false, ORDER_TEXTS.disputedNotPayable],
    ['Reversed', false, false, ORDER_TEXTS.reversedNotPayable],
  ] as const)(
    '%s: payable %s, refundable %s, a capture refused with %s',
    (status, payable, refundable, refusal) => {
      const order = orderIn(status);
      expect(isPayable(order)).toBe(payable);
      // The same rule answers for the API view payments gets from FindOrderQuery.
      expect(isPayable({ paymentStatus: status })).toBe(payable);
      expect(isRefundable(order)).toBe(refundable);
      if (refusal) expect(() => order.assertPayable()).toThrow(refusal);
      else expect(() => order.assertPayable()).not.toThrow();
    },
  );
});

describe('the delivery transitions', () => {
  const DELIVERABLE = PAYMENT_STATUSES.filter((status) => status !== 'Cancelled');

  it.each(DELIVERABLE)(
    '%s: Pending → Delivered tells the customer, with when it was delivered',
    (status) => {
      const order = orderIn(status);
      const events = order.setDeliveryStatus('Delivered', at);
      expect(order).toMatchObject({ orderStatus: 'Delivered', deliveredAt: at, updatedAt: at });
      expect(order.paymentStatus).toBe(status);
      expect(eventTypes(events)).toStrictEqual(['OrderDelivered']);
    },
  );

  it('a cancelled order is not delivered, and nothing changes', () => {
    const order = orderIn('Cancelled');
    const before = state(order);
    expect(() => order.deliver(at)).toThrow(OrderTransitionError);
    expect(() => order.setDeliveryStatus('Delivered', at)).toThrow(
      ORDER_TEXTS.cancelledNotDeliverable,
    );
    expect(state(order)).toStrictEqual(before);
  });

  it.each(PAYMENT_STATUSES)(
    '%s: Delivered → Pending is allowed, tells nobody; Delivered again tells nobody twice',
    (status) => {
      const order = orderIn(status, 'Delivered');
      expect(order.setDeliveryStatus('Pending', at)).toStrictEqual([]);
      expect(order).toMatchObject({ orderStatus: 'Pending', deliveredAt: placedAt });
      if (status === 'Cancelled') return;
      expect(order.setDeliveryStatus('Delivered', at)).toStrictEqual([]);
      expect(order).toMatchObject({ orderStatus: 'Delivered', deliveredAt: placedAt });
    },
  );

  it.each(
    PAYMENT_STATUSES.flatMap((status) =>
      (['Pending', 'Delivered'] as const).map((orderStatus) => ({ status, orderStatus })),
    ),
  )(
    '$status, $orderStatus: setting the status it has changes nothing',
    ({ status, orderStatus }) => {
      const order = orderIn(status, orderStatus);
      const before = state(order);
      expect(order.setDeliveryStatus(orderStatus, at)).toStrictEqual([]);
      expect(state(order)).toStrictEqual(before);
    },
  );
});
