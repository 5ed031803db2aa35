/**
 * The Order's workspace transitions (submitIntake, deliverWork, requestChanges, approveWork) and the
 * stage the screens show (orderStage): each either moves the work on, or refuses with the reason the
 * user reads and changes nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { ORDER_TEXTS, type PaymentStatus } from '../../src/contracts/orders.js';
import { orderStage, type WorkStage } from '../../src/contracts/workspace.js';
import { Order } from '../../src/modules/orders/domain/order.entity.js';
import { OrderTransitionError } from '../../src/modules/orders/domain/order-errors.js';

const DAY_MS = 86_400_000;
const placedAt = new Date('2026-11-20T10:00:00.000Z');
const day = (n: number) => new Date(placedAt.getTime() + n * DAY_MS);

/** A Premium order placed on day 0, brought to a payment status and work stage. */
function orderIn(paymentStatus: PaymentStatus = 'Paid', workStage: WorkStage = 'awaiting_details') {
  const { order } = Order.place(
    {
      packageId: '6f1e0c1e-0000-4000-8000-000000000001',
      packageName: 'Premium',
      packagePrice: '499.00',
      customerEmail: 'ada@example.test',
      customerName: 'Ada Lovelace',
    },
    placedAt,
    DAY_MS,
  );
  order.paymentStatus = paymentStatus;
  order.workStage = workStage;
  if (workStage !== 'awaiting_details') order.intakeSubmittedAt = placedAt;
  if (workStage === 'delivered') order.workDeliveredAt = placedAt;
  return order;
}

/** The fields a refused transition must leave as they were. */
const state = (order: Order) => ({
  workStage: order.workStage,
  orderStatus: order.orderStatus,
  intakeSubmittedAt: order.intakeSubmittedAt,
  dueAt: order.dueAt,
  workDeliveredAt: order.workDeliveredAt,
  approvedAt: order.approvedAt,
  approvedBy: order.approvedBy,
  deliveredAt: order.deliveredAt,
  updatedAt: order.updatedAt,
});

function expectRefused(order: Order, transition: () => unknown, reason: string) {
  const before = state(order);
  expect(transition).toThrow(new OrderTransitionError(reason));
  expect(state(order)).toStrictEqual(before);
}

describe('submitIntake', () => {
  it('starts the work, due the package’s delivery time later', () => {
    const order = orderIn();
    order.submitIntake(day(1), 5);
    expect(state(order)).toMatchObject({
      workStage: 'in_progress',
      intakeSubmittedAt: day(1),
      dueAt: day(6),
      updatedAt: day(1),
    });
  });

  it('sets no due date for a package without a delivery time', () => {
    const order = orderIn();
    order.submitIntake(day(1), null);
    expect(order.dueAt).toBeNull();
    expect(order.workStage).toBe('in_progress');
  });

  it('submitted again (answers corrected) keeps the stage and the due date', () => {
    const order = orderIn();
    order.submitIntake(day(1), 5);
    order.deliverWork(day(2));
    order.submitIntake(day(3), 10);
    expect(state(order)).toMatchObject({
      workStage: 'delivered',
      intakeSubmittedAt: day(1),
      dueAt: day(6),
    });
  });

  it('is refused before the payment, and after the approval', () => {
    const unpaid = orderIn('UnPaid');
    expectRefused(unpaid, () => unpaid.submitIntake(day(1), 5), ORDER_TEXTS.workNeedsPayment);
    const cancelled = orderIn('Cancelled');
    expectRefused(cancelled, () => cancelled.submitIntake(day(1), 5), ORDER_TEXTS.workNeedsPayment);
    const completed = orderIn('Paid');
    completed.orderStatus = 'Delivered';
    expectRefused(completed, () => completed.submitIntake(day(1), 5), ORDER_TEXTS.workCompleted);
  });
});

describe('deliverWork', () => {
  it('moves the work to delivered, from in progress, changes requested, or delivered (a correction)', () => {
    for (const from of ['in_progress', 'changes_requested', 'delivered'] as const) {
      const order = orderIn('Paid', from);
      order.deliverWork(day(2));
      expect([from, state(order)]).toMatchObject([
        from,
        {
          workStage: 'delivered',
          workDeliveredAt: day(2),
          updatedAt: day(2),
          orderStatus: 'Pending',
        },
      ]);
    }
  });

  it('is allowed while the payment is disputed (the work goes on)', () => {
    const order = orderIn('Disputed', 'in_progress');
    order.deliverWork(day(2));
    expect(order.workStage).toBe('delivered');
  });

  it('is refused while the order waits for its details, before payment, after a refund, once approved', () => {
    const waiting = orderIn('Paid', 'awaiting_details');
    expectRefused(waiting, () => waiting.deliverWork(day(2)), ORDER_TEXTS.workAwaitsDetails);
    for (const status of ['UnPaid', 'Cancelled', 'Refunded', 'Reversed'] as const) {
      const order = orderIn(status, 'in_progress');
      expectRefused(order, () => order.deliverWork(day(2)), ORDER_TEXTS.workNeedsPayment);
    }
    const approved = orderIn('Paid', 'delivered');
    approved.approveWork('customer', day(3));
    expectRefused(approved, () => approved.deliverWork(day(4)), ORDER_TEXTS.workCompleted);
  });
});

describe('requestChanges', () => {
  it('reopens delivered work', () => {
    const order = orderIn('Paid', 'delivered');
    order.requestChanges(day(3));
    expect(state(order)).toMatchObject({
      workStage: 'changes_requested',
      updatedAt: day(3),
      orderStatus: 'Pending',
      approvedAt: undefined,
    });
  });

  it('is refused when nothing delivered awaits an answer', () => {
    for (const from of ['awaiting_details', 'in_progress', 'changes_requested'] as const) {
      const order = orderIn('Paid', from);
      expectRefused(order, () => order.requestChanges(day(3)), ORDER_TEXTS.nothingToApprove);
    }
    const approved = orderIn('Paid', 'delivered');
    approved.approveWork('customer', day(3));
    expectRefused(approved, () => approved.requestChanges(day(4)), ORDER_TEXTS.workCompleted);
  });
});

describe('approveWork', () => {
  it('sets the spec’s orderStatus Delivered, who approved and when, and tells the customer once', () => {
    const order = orderIn('Paid', 'delivered');
    const events = order.approveWork('customer', day(3));
    expect(events.map((event) => event.type)).toStrictEqual(['OrderDelivered']);
    expect(state(order)).toMatchObject({
      orderStatus: 'Delivered',
      deliveredAt: day(3),
      approvedAt: day(3),
      approvedBy: 'customer',
    });
    expect(orderStage(order)).toBe('completed');
  });

  it('by the scheduled job is recorded as auto', () => {
    const order = orderIn('Paid', 'delivered');
    order.approveWork('auto', day(10));
    expect(order.approvedBy).toBe('auto');
    expect(order.orderStatus).toBe('Delivered');
  });

  it('is refused twice, and when nothing was delivered', () => {
    const order = orderIn('Paid', 'delivered');
    order.approveWork('customer', day(3));
    expectRefused(order, () => order.approveWork('auto', day(10)), ORDER_TEXTS.workCompleted);
    for (const from of ['awaiting_details', 'in_progress', 'changes_requested'] as const) {
      const other = orderIn('Paid', from);
      expectRefused(
        other,
        () => other.approveWork('customer', day(3)),
        ORDER_TEXTS.nothingToApprove,
      );
    }
    const unpaid = orderIn('Refunded', 'delivered');
    expectRefused(
      unpaid,
      () => unpaid.approveWork('customer', day(3)),
      ORDER_TEXTS.workNeedsPayment,
    );
  });

  it('finds nothing to approve on an approved order an admin set back to Pending, until a new delivery', () => {
    const order = orderIn('Paid', 'delivered');
    order.approveWork('customer', day(3));
    order.setDeliveryStatus('Pending', day(4));
    expectRefused(order, () => order.approveWork('auto', day(20)), ORDER_TEXTS.nothingToApprove);
    expectRefused(order, () => order.requestChanges(day(20)), ORDER_TEXTS.nothingToApprove);
    order.deliverWork(day(21));
    order.approveWork('customer', day(22));
    expect(state(order)).toMatchObject({ orderStatus: 'Delivered', approvedAt: day(22) });
  });

  it('the whole round trip: deliver, ask for changes, deliver again, approve', () => {
    const order = orderIn();
    order.submitIntake(day(1), 7);
    order.deliverWork(day(2));
    order.requestChanges(day(3));
    expect(orderStage(order)).toBe('changes_requested');
    order.deliverWork(day(4));
    expect(orderStage(order)).toBe('delivered');
    expect(order.workDeliveredAt).toStrictEqual(day(4));
    expect(order.approveWork('customer', day(5))).toHaveLength(1);
    expect(orderStage(order)).toBe('completed');
  });
});

describe('orderStage', () => {
  const stage = (
    paymentStatus: PaymentStatus,
    orderStatus: 'Pending' | 'Delivered',
    workStage: WorkStage,
  ) => orderStage({ paymentStatus, orderStatus, workStage });

  it('follows the payment first', () => {
    expect(stage('UnPaid', 'Pending', 'awaiting_details')).toBe('awaiting_payment');
    expect(stage('Cancelled', 'Pending', 'awaiting_details')).toBe('cancelled');
    expect(stage('Refunded', 'Delivered', 'delivered')).toBe('refunded');
    expect(stage('Reversed', 'Pending', 'in_progress')).toBe('refunded');
  });

  it('then Delivered (approved, or set by an admin), then the work stage', () => {
    expect(stage('Paid', 'Delivered', 'awaiting_details')).toBe('completed');
    expect(stage('Paid', 'Delivered', 'delivered')).toBe('completed');
    for (const workStage of [
      'awaiting_details',
      'in_progress',
      'delivered',
      'changes_requested',
    ] as const) {
      expect(stage('Paid', 'Pending', workStage)).toBe(workStage);
      expect(stage('Disputed', 'Pending', workStage)).toBe(workStage);
    }
  });
});
