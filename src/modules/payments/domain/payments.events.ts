import { domainEvent } from '../../../platform/outbox/domain-event.js';

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    /** An IPN message is stored: the worker verifies it with PayPal. */
    PaymentNotificationReceived: { notificationId: string };
    /** A PayPal webhook event is stored: the worker verifies its signature with PayPal. */
    PaymentWebhookReceived: { notificationId: string };
    /**
     * PayPal confirmed a completed payment that matches the order: an IPN (txnId = its txn_id) or a
     * Checkout capture (txnId = the capture id; notificationId null when the capture answer applied it).
     */
    PaymentVerified: {
      orderId: string;
      notificationId: string | null;
      txnId: string;
      amount: string;
      /** Which integration took it (absent in events recorded before it was named: Checkout). */
      channel?: 'checkout' | 'standard';
    };
    /** A Checkout payment was refunded in full at PayPal. */
    PaymentRefunded: { orderId: string; captureId: string; refundId: string };
    /** PayPal confirmed a payment that does not match its order (or names none): admins review it. */
    PaymentRejected: { orderId: string | null; notificationId: string | null; reason: string };
    /** PayPal reported a refund, a reversal or a cancelled reversal of a payment. */
    PaymentReversed: { orderId: string; notificationId: string; paymentStatus: string };
  }
}

export class PaymentNotificationReceived extends domainEvent('PaymentNotificationReceived') {}
export class PaymentWebhookReceived extends domainEvent('PaymentWebhookReceived') {}
export class PaymentVerified extends domainEvent('PaymentVerified') {}
export class PaymentRefunded extends domainEvent('PaymentRefunded') {}
export class PaymentRejected extends domainEvent('PaymentRejected') {}
export class PaymentReversed extends domainEvent('PaymentReversed') {}
