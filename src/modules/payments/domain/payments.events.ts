import { domainEvent } from '../../../platform/outbox/domain-event.js';

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    /** An IPN message is stored: the worker verifies it with PayPal. */
    PaymentNotificationReceived: { notificationId: string };
    /** PayPal confirmed a completed payment that matches the order. */
    PaymentVerified: { orderId: string; notificationId: string; txnId: string; amount: string };
    /** PayPal confirmed a payment that does not match its order (or names none): admins review it. */
    PaymentRejected: { orderId: string | null; notificationId: string; reason: string };
    /** PayPal reported a refund, a reversal or a cancelled reversal of a payment. */
    PaymentReversed: { orderId: string; notificationId: string; paymentStatus: string };
  }
}

export class PaymentNotificationReceived extends domainEvent('PaymentNotificationReceived') {}
export class PaymentVerified extends domainEvent('PaymentVerified') {}
export class PaymentRejected extends domainEvent('PaymentRejected') {}
export class PaymentReversed extends domainEvent('PaymentReversed') {}
