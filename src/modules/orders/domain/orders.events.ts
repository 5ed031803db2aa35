import {
  type DisputeOutcome,
  formatOrderDate,
  type OrderMailProps,
  type PaymentStatus,
} from '../../../contracts/orders.js';
import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** What the e-mails about an order need, as it was when the event happened. */
export type OrderPayload = {
  orderId: string;
  packageName: string;
  /** Exact decimal string with two places. */
  packagePrice: string;
  customerEmail: string;
  customerName: string;
  orderDate: string;
};

/** What every e-mail about an order shows of it (its date as the screens show it). */
export const orderMailProps = (order: OrderPayload): OrderMailProps => ({
  orderId: order.orderId,
  packageName: order.packageName,
  packagePrice: order.packagePrice,
  customerName: order.customerName,
  customerEmail: order.customerEmail,
  orderDate: formatOrderDate(order.orderDate),
});

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    OrderPlaced: OrderPayload;
    OrderPaid: OrderPayload & { paidVia: 'paypal' | 'offline' };
    OrderCancelled: OrderPayload & { by: 'customer' | 'admin'; reason: string | null };
    /** `approvedBy`: by the customer's approval or the scheduled one; null (or absent): an admin's. */
    OrderDelivered: OrderPayload & { approvedBy?: 'customer' | 'auto' | null };
    OrderPaymentDue: OrderPayload;
    OrderRefunded: OrderPayload;
    /**
     * Money arrived for an order that was not unpaid (paid already, cancelled, refunded): it is kept as a
     * payment of its own that needs attention (the admins refund it), never applied to the order.
     */
    OrderPaymentNotApplied: OrderPayload & {
      /** The PayPal capture (Checkout) or transaction (Payments Standard). */
      txnId: string;
      amount: string;
      channel: 'checkout' | 'standard';
      notificationId: string | null;
      /** The order's payment status when the money arrived. */
      paymentStatus: string;
      reason: string;
    };
    /** The buyer opened a dispute of the order's payment at PayPal: Paid → Disputed. */
    OrderDisputed: OrderPayload & {
      disputeId: string;
      /** PayPal's reason code or the IPN's case type. */
      reason: string;
      /** Exact decimal string with two places, in `currency` (null when PayPal's was not one). */
      amount: string | null;
      currency: string;
    };
    /** A dispute ended: the order's payment moved `from` → `paymentStatus`. */
    OrderDisputeResolved: OrderPayload & {
      disputeId: string | null;
      outcome: DisputeOutcome;
      from: PaymentStatus;
      paymentStatus: PaymentStatus;
    };
  }
}

/** A customer placed an order (UnPaid, Pending): the customer gets it with a Pay link, admins are told. */
export class OrderPlaced extends domainEvent('OrderPlaced') {}
/** The order is paid (PayPal verified, or recorded offline by an admin): a receipt, admins are told. */
export class OrderPaid extends domainEvent('OrderPaid') {}
/** The customer cancelled at PayPal, or an admin cancelled it. */
export class OrderCancelled extends domainEvent('OrderCancelled') {}
/** The payment was refunded in full through PayPal: the customer and the admins are told. */
export class OrderRefunded extends domainEvent('OrderRefunded') {}
/** Money arrived for an order that was not unpaid: recorded apart, flagged, the admins are told. */
export class OrderPaymentNotApplied extends domainEvent('OrderPaymentNotApplied') {}
/** The buyer disputed the payment at PayPal: every admin is told (e-mail, live feed, admin home). */
export class OrderDisputed extends domainEvent('OrderDisputed') {}
/** The dispute was resolved (Paid again, Refunded or Reversed): every admin is told. */
export class OrderDisputeResolved extends domainEvent('OrderDisputeResolved') {}
/** An admin marked the order Delivered: the customer is told. */
export class OrderDelivered extends domainEvent('OrderDelivered') {}

/**
 * Recorded with OrderPlaced, due ORDER_REMINDER_DELAY_MS later: if the order is still UnPaid then, the
 * customer gets one reminder with the Pay link.
 */
export class OrderPaymentDue extends domainEvent('OrderPaymentDue') {
  constructor(
    payload: OrderPayload,
    override readonly dueAt: Date,
  ) {
    super(payload);
  }
}

export function orderPayload(order: {
  id: string;
  packageName: string;
  packagePrice: string;
  customerEmail: string;
  customerName: string;
  orderDate: Date;
}): OrderPayload {
  return {
    orderId: order.id,
    packageName: order.packageName,
    packagePrice: order.packagePrice,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    orderDate: order.orderDate.toISOString(),
  };
}
