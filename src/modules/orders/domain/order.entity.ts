import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import {
  type Billing,
  BILLINGS,
  DISPUTE_OUTCOMES,
  type DisputeOutcome,
  formatMoney,
  ORDER_STATUSES,
  ORDER_TEXTS,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../../contracts/orders.js';
import { WORK_STAGES } from '../../../contracts/workspace.js';
import type { DomainEvent } from '../../../platform/outbox/domain-event.js';
import { notPayableReason, OrderTransitionError } from './order-errors.js';
import {
  OrderCancelled,
  OrderDelivered,
  OrderDisputed,
  OrderDisputeResolved,
  OrderPaid,
  OrderPaymentDue,
  OrderPaymentNotApplied,
  OrderPlaced,
  orderPayload,
  OrderRefunded,
} from './orders.events.js';

/**
 * An order: the package's name and price as they were when it was placed (copied from the pricing
 * record), the customer, and its payment and delivery states. The price is PostgreSQL numeric(12,2),
 * read and written as a decimal string: never a JavaScript number.
 */
export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'order',
  properties: {
    id: p.uuid().primary(),
    packageId: p.uuid(),
    packageName: p.string().length(100),
    packagePrice: p.decimal('string').precision(12).scale(2),
    /** One-off, or monthly (paid by a PayPal subscription's charges): the pricing entry's at placing. */
    billing: p.enum(BILLINGS).default('one-off'),
    customerEmail: p.string().length(254),
    customerName: p.string().length(100),
    customerAddress: p.string().length(200),
    customerCountry: p.string().length(100),
    /** The order form's optional billing details, named on the order's invoice. */
    companyName: p.string().length(100).nullable(),
    billingAddress: p.string().length(300).nullable(),
    taxId: p.string().length(50).nullable(),
    paymentStatus: p.enum(PAYMENT_STATUSES),
    orderStatus: p.enum(ORDER_STATUSES),
    orderDate: p.datetime(),
    paidAt: p.datetime().nullable(),
    paidVia: p.enum(['paypal', 'offline'] as const).nullable(),
    cancelledAt: p.datetime().nullable(),
    refundedAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    note: p.text().nullable(),
    reviewReason: p.text().nullable(),
    paymentEvent: p.text().nullable(),
    /** When the unpaid reminder was sent (it is sent once, only while the order is UnPaid). */
    remindedAt: p.datetime().nullable(),
    /** The buyer's latest dispute at PayPal: its id (PP-D-… or an IPN case id), as PayPal reported it. */
    disputeId: p.string().length(64).nullable(),
    disputeReason: p.string().length(128).nullable(),
    /** In the dispute's currency (not necessarily the order's dollars). */
    disputeAmount: p.decimal('string').precision(12).scale(2).nullable(),
    disputeCurrency: p.string().length(3).nullable(),
    disputedAt: p.datetime().nullable(),
    disputeResolvedAt: p.datetime().nullable(),
    disputeOutcome: p.enum(DISPUTE_OUTCOMES).nullable(),
    /** The workspace's stage of the work (see contracts/workspace.ts: orderStage). */
    workStage: p.enum(WORK_STAGES).default('awaiting_details'),
    /** When the customer (or an admin for them) submitted the intake questionnaire. */
    intakeSubmittedAt: p.datetime().nullable(),
    /** The package's delivery time counted from the intake's submission. */
    dueAt: p.datetime().nullable(),
    /** When the agency last delivered files (the auto-approval counts from it). */
    workDeliveredAt: p.datetime().nullable(),
    approvedAt: p.datetime().nullable(),
    approvedBy: p.enum(['customer', 'auto'] as const).nullable(),
    updatedAt: p.datetime(),
  },
});

export type PaidVia = 'paypal' | 'offline';

/** A dispute as PayPal reported it. */
export interface ReportedDispute {
  disputeId: string;
  reason: string;
  /** An exact decimal string with two places in `currency`; null when PayPal's was not one. */
  amount: string | null;
  currency: string;
}

/** Money PayPal reported for an order (a Checkout capture or a Payments Standard transaction). */
export interface ReportedPayment {
  txnId: string;
  amount: string;
  channel: 'checkout' | 'standard';
  notificationId: string | null;
}

/** What a customer orders: the package as it is priced now, and who they are. */
export interface OrderIntake {
  packageId: string;
  packageName: string;
  packagePrice: string;
  /** One-off unless the package is billed monthly. */
  billing?: Billing;
  customerEmail: string;
  customerName: string;
  /** Optional billing details for the invoice (null or absent: not given). */
  companyName?: string | null;
  billingAddress?: string | null;
  taxId?: string | null;
}

/**
 * The one rule of whether an order can be paid (a PayPal capture can start, money can be applied, an
 * admin can record an offline payment) or cancelled: it is UnPaid. Takes the entity or its API view.
 */
export function isPayable(order: { paymentStatus: PaymentStatus }): boolean {
  return order.paymentStatus === 'UnPaid';
}

/** Only a paid order's payment can be refunded. */
export function isRefundable(order: { paymentStatus: PaymentStatus }): boolean {
  return order.paymentStatus === 'Paid';
}

/** The payment status each dispute outcome leaves the order at. */
const OUTCOME_STATUS = {
  seller: 'Paid',
  refunded: 'Refunded',
  reversed: 'Reversed',
} as const satisfies Record<DisputeOutcome, PaymentStatus>;

/** The payment statuses each dispute outcome may start from. */
const RESOLVABLE_FROM: Record<DisputeOutcome, readonly PaymentStatus[]> = {
  seller: ['Disputed', 'Reversed'],
  refunded: ['Paid', 'Disputed'],
  reversed: ['Paid', 'Disputed'],
};

/**
 * The order's state machine. Payment: UnPaid → Paid (pay) → Refunded (refund); UnPaid → Cancelled
 * (cancel); Paid → Disputed (dispute); Disputed|Reversed → Paid (resolved for the seller),
 * Paid|Disputed → Refunded|Reversed (resolved against the seller); nothing else. Delivery: Pending ⇄
 * Delivered (not for a cancelled order). Each transition either changes the order and returns the
 * events it produces, or refuses with an OrderTransitionError and changes nothing. Reviews and PayPal's
 * later reports are notes, allowed in every state.
 */
export class Order extends OrderSchema.class {
  /** A new order: UnPaid, Pending, address and country 'NA'; the unpaid reminder is due later. */
  static place(
    intake: OrderIntake,
    at: Date,
    reminderDelayMs: number,
  ): { order: Order; events: DomainEvent[] } {
    const order = new Order();
    Object.assign(order, {
      id: randomUUID(),
      ...intake,
      billing: intake.billing ?? 'one-off',
      companyName: intake.companyName ?? null,
      billingAddress: intake.billingAddress ?? null,
      taxId: intake.taxId ?? null,
      customerEmail: intake.customerEmail.toLowerCase(),
      customerAddress: 'NA',
      customerCountry: 'NA',
      paymentStatus: 'UnPaid',
      orderStatus: 'Pending',
      orderDate: at,
      updatedAt: at,
    } satisfies Partial<Order>);
    const payload = orderPayload(order);
    const reminderDue = new Date(at.getTime() + reminderDelayMs);
    return {
      order,
      events: [new OrderPlaced(payload), new OrderPaymentDue(payload, reminderDue)],
    };
  }

  /** Refuses, with the reason the payer reads, when the order cannot be paid. */
  assertPayable(): void {
    if (!isPayable(this)) throw new OrderTransitionError(notPayableReason(this.paymentStatus));
  }

  /** UnPaid → Paid: through PayPal, or recorded by an admin (offline, with the admin's note). */
  pay(via: PaidVia, at: Date, note?: string): DomainEvent[] {
    if (!isPayable(this)) throw new OrderTransitionError(ORDER_TEXTS.notPayable);
    this.paymentStatus = 'Paid';
    this.paidAt = at;
    this.paidVia = via;
    if (note !== undefined) this.note = note;
    this.updatedAt = at;
    return [new OrderPaid({ ...orderPayload(this), paidVia: via })];
  }

  /** UnPaid → Cancelled: by the customer (PayPal's cancel page) or by an admin with a reason. */
  cancel(by: 'customer' | 'admin', reason: string | null, at: Date): DomainEvent[] {
    if (!isPayable(this)) throw new OrderTransitionError(ORDER_TEXTS.notUnpaid);
    this.paymentStatus = 'Cancelled';
    this.cancelledAt = at;
    this.note = reason ?? this.note ?? null;
    this.updatedAt = at;
    return [new OrderCancelled({ ...orderPayload(this), by, reason })];
  }

  /** Paid → Refunded: PayPal refunded the payment in full. */
  refund(at: Date): DomainEvent[] {
    if (!isRefundable(this)) throw new OrderTransitionError(ORDER_TEXTS.notRefundable);
    this.paymentStatus = 'Refunded';
    this.refundedAt = at;
    this.paymentEvent = 'Refunded';
    this.updatedAt = at;
    return [new OrderRefunded(orderPayload(this))];
  }

  /**
   * Paid → Disputed: the buyer opened a dispute at PayPal, which holds the money meanwhile. The same
   * dispute reported again (UPDATED, a repeat) makes no transition: its reason and amount are updated.
   * A dispute reported after its resolution (messages arrive out of order) changes nothing.
   */
  dispute(details: ReportedDispute, at: Date): DomainEvent[] {
    const sameDispute = this.disputeId === details.disputeId;
    if (sameDispute && this.disputeResolvedAt) return [];
    if (this.paymentStatus === 'Disputed') {
      if (!sameDispute) throw new OrderTransitionError(ORDER_TEXTS.otherDisputeOpen);
      this.recordDispute(details);
      this.updatedAt = at;
      return [];
    }
    if (this.paymentStatus !== 'Paid') throw new OrderTransitionError(ORDER_TEXTS.notDisputable);
    this.paymentStatus = 'Disputed';
    this.recordDispute(details);
    this.disputedAt = at;
    this.disputeResolvedAt = null;
    this.disputeOutcome = null;
    this.updatedAt = at;
    return [new OrderDisputed({ ...orderPayload(this), ...details })];
  }

  /**
   * The dispute ended: for the seller (Disputed|Reversed → Paid), or against (Paid|Disputed → Refunded
   * or Reversed). A resolution of the order's dispute reported again changes nothing; one that names
   * another dispute than the open one is refused. Without a disputeId (an IPN reversal that names no
   * case) it applies to the order's dispute, whichever it is; a dispute PayPal reports only as resolved
   * replaces what the order recorded of an earlier one.
   */
  resolveDispute(outcome: DisputeOutcome, disputeId: string | null, at: Date): DomainEvent[] {
    const recorded = disputeId === null || this.disputeId == null || this.disputeId === disputeId;
    if (
      recorded &&
      this.disputeResolvedAt &&
      this.disputeOutcome === outcome &&
      this.paymentStatus === OUTCOME_STATUS[outcome]
    ) {
      return [];
    }
    if (!RESOLVABLE_FROM[outcome].includes(this.paymentStatus)) {
      throw new OrderTransitionError(
        outcome === 'seller'
          ? ORDER_TEXTS.notResolvableForSeller
          : ORDER_TEXTS.notResolvableAgainstSeller,
      );
    }
    if (this.paymentStatus === 'Disputed' && !recorded) {
      throw new OrderTransitionError(ORDER_TEXTS.otherDisputeResolved);
    }
    const from = this.paymentStatus;
    if (!recorded) {
      Object.assign(this, {
        disputeReason: null,
        disputeAmount: null,
        disputeCurrency: null,
        disputedAt: null,
      });
    }
    this.paymentStatus = OUTCOME_STATUS[outcome];
    if (disputeId !== null) this.disputeId = disputeId;
    this.disputeResolvedAt = at;
    this.disputeOutcome = outcome;
    if (outcome === 'refunded') this.refundedAt = at;
    this.updatedAt = at;
    return [
      new OrderDisputeResolved({
        ...orderPayload(this),
        disputeId: this.disputeId ?? null,
        outcome,
        from,
        paymentStatus: this.paymentStatus,
      }),
    ];
  }

  private recordDispute(details: ReportedDispute): void {
    this.disputeId = details.disputeId;
    this.disputeReason = details.reason;
    this.disputeAmount = details.amount;
    this.disputeCurrency = details.currency;
  }

  /** Flags the order for the admins with the reason (a payment that did not match it, ...). */
  review(reason: string, at: Date): DomainEvent[] {
    this.reviewReason = reason;
    this.updatedAt = at;
    return [];
  }

  /**
   * Money arrived for an order that cannot take it (paid already, cancelled, refunded): it is never
   * applied; the order is flagged, and the payment is kept apart for the admins to refund. An order
   * that can be paid refuses: the money is its payment.
   */
  setPaymentAside(payment: ReportedPayment, at: Date): [OrderPaymentNotApplied] {
    if (isPayable(this)) {
      throw new OrderTransitionError('An unpaid order takes the payment: it is not set aside.');
    }
    const state = this.paymentStatus === 'Paid' ? 'already paid' : this.paymentStatus.toLowerCase();
    const reason = `${formatMoney(payment.amount)} arrived through PayPal (${payment.txnId}) while the order was ${state}: it was not applied to the order and should be refunded`;
    this.review(reason, at);
    return [
      new OrderPaymentNotApplied({
        ...orderPayload(this),
        ...payment,
        paymentStatus: this.paymentStatus,
        reason,
      }),
    ];
  }

  /**
   * Records what PayPal reported about the payment later (Reversed, Denied, Canceled_Reversal, a partial
   * refund): shown to the admins; the payment status itself moves only by refund.
   */
  reverse(paypalStatus: string, at: Date): DomainEvent[] {
    this.paymentEvent = paypalStatus;
    this.updatedAt = at;
    return [];
  }

  /**
   * → Delivered; the customer is told the first time only. A cancelled order is not delivered.
   * `approvedBy`: the customer's approval (or the scheduled one) made it so, not an admin.
   */
  deliver(at: Date, approvedBy: 'customer' | 'auto' | null = null): DomainEvent[] {
    if (this.orderStatus === 'Delivered') return [];
    if (this.paymentStatus === 'Cancelled') {
      throw new OrderTransitionError(ORDER_TEXTS.cancelledNotDeliverable);
    }
    this.orderStatus = 'Delivered';
    this.updatedAt = at;
    if (this.deliveredAt) return [];
    this.deliveredAt = at;
    return [new OrderDelivered({ ...orderPayload(this), approvedBy })];
  }

  /** The work can move on only while the order is paid (or its payment disputed) and not Delivered. */
  private assertWorkOpen(): void {
    if (this.paymentStatus !== 'Paid' && this.paymentStatus !== 'Disputed') {
      throw new OrderTransitionError(ORDER_TEXTS.workNeedsPayment);
    }
    if (this.orderStatus === 'Delivered') throw new OrderTransitionError(ORDER_TEXTS.workCompleted);
  }

  /**
   * The intake questionnaire was submitted: the work starts, due `deliveryDays` later (none when the
   * package names no delivery time). Submitting again (answers corrected) keeps the stage and due date.
   */
  submitIntake(at: Date, deliveryDays: number | null): void {
    this.assertWorkOpen();
    if (this.intakeSubmittedAt) return;
    this.intakeSubmittedAt = at;
    this.dueAt = deliveryDays === null ? null : new Date(at.getTime() + deliveryDays * 86_400_000);
    if (this.workStage === 'awaiting_details') this.workStage = 'in_progress';
    this.updatedAt = at;
  }

  /** The agency delivered files: the customer approves or asks for changes. Delivering again is allowed. */
  deliverWork(at: Date): void {
    this.assertWorkOpen();
    if (this.workStage === 'awaiting_details') {
      throw new OrderTransitionError(ORDER_TEXTS.workAwaitsDetails);
    }
    this.workStage = 'delivered';
    this.workDeliveredAt = at;
    this.updatedAt = at;
  }

  /**
   * Whether a delivery awaits the customer's answer: the stage is delivered, and nothing approved it
   * since (an order an admin set back to Pending after its approval has nothing new to approve).
   */
  private assertAwaitingAnswer(): void {
    const answered =
      this.approvedAt != null &&
      (this.workDeliveredAt == null || this.approvedAt >= this.workDeliveredAt);
    if (this.workStage !== 'delivered' || answered) {
      throw new OrderTransitionError(ORDER_TEXTS.nothingToApprove);
    }
  }

  /** The customer asked for changes to what was delivered: the work reopens. */
  requestChanges(at: Date): void {
    this.assertWorkOpen();
    this.assertAwaitingAnswer();
    this.workStage = 'changes_requested';
    this.updatedAt = at;
  }

  /**
   * The customer approved what was delivered, or nobody answered in time (`auto`): the spec's
   * orderStatus becomes Delivered (the customer is told the first time, like an admin's Delivered).
   */
  approveWork(by: 'customer' | 'auto', at: Date): DomainEvent[] {
    this.assertWorkOpen();
    this.assertAwaitingAnswer();
    this.approvedAt = at;
    this.approvedBy = by;
    return this.deliver(at, by);
  }

  /** An admin sets Pending or Delivered; setting the status it has changes nothing. */
  setDeliveryStatus(status: OrderStatus, at: Date): DomainEvent[] {
    if (status === 'Delivered') return this.deliver(at);
    if (this.orderStatus !== status) {
      this.orderStatus = status;
      this.updatedAt = at;
    }
    return [];
  }
}
OrderSchema.setClass(Order);
