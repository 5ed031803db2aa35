import type { SubscriptionActor, SubscriptionStatus } from '../../../contracts/subscriptions.js';
import { domainEvent } from '../../../platform/outbox/domain-event.js';

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
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
    /**
     * PayPal reported a dispute on the order's payment: a Checkout CUSTOMER.DISPUTE.CREATED/UPDATED
     * webhook, or an IPN new_case (a buyer complaint, claim or chargeback). The same disputeId may be
     * reported many times (UPDATED, repeats): applying it again changes nothing. For an IPN, disputeId
     * is its case_id; reason is PayPal's reason code (MERCHANDISE_OR_SERVICE_NOT_RECEIVED, ...) or
     * case_type; amount is the disputed amount as an exact decimal string.
     */
    PaymentDisputed: {
      orderId: string;
      notificationId: string;
      disputeId: string;
      reason: string;
      amount: string;
      currency: string;
    };
    /**
     * A dispute ended: 'seller' (resolved in the seller's favour, or an IPN Canceled_Reversal: the money
     * came back) returns the order to Paid; 'refunded' (CUSTOMER.DISPUTE.RESOLVED in the buyer's favour
     * with a refund) makes it Refunded; 'reversed' (an IPN Reversed: PayPal took the money back) makes
     * it Reversed. disputeId is null for an IPN Reversed/Canceled_Reversal that names no case.
     */
    PaymentDisputeResolved: {
      orderId: string;
      notificationId: string;
      disputeId: string | null;
      outcome: 'seller' | 'refunded' | 'reversed';
    };
    /**
     * A monthly charge PayPal took for an order's subscription (PAYMENT.SALE.COMPLETED, or found by
     * reconciliation), once per sale id. The first (sequence 1) pays the UnPaid order as a one-off
     * payment does; each later one is a renewal: its own invoice and receipt. `amount` was checked
     * against the subscription's plan price.
     */
    SubscriptionCharged: {
      orderId: string;
      subscriptionId: string;
      paypalSubscriptionId: string;
      saleId: string;
      amount: string;
      sequence: number;
      paidAt: string;
      /** The next charge's date as PayPal said (null when it did not). */
      nextBillingAt: string | null;
      notificationId: string | null;
    };
    /**
     * PayPal could not take a monthly charge (BILLING.SUBSCRIPTION.PAYMENT.FAILED): the customer is
     * e-mailed a link to fix it at PayPal; PayPal retries, then suspends the subscription.
     */
    SubscriptionPaymentFailed: {
      orderId: string;
      subscriptionId: string;
      customerEmail: string;
      packageName: string;
      failedPayments: number;
      /** Where the customer updates their payment method at PayPal. */
      fixUrl: string;
    };
    /**
     * A subscription's status changed: activated at PayPal, paused or resumed, cancelled (by the
     * customer, an admin or PayPal: the service runs to `endsAt`), suspended by PayPal after failed
     * charges, expired.
     */
    SubscriptionStatusChanged: {
      orderId: string;
      subscriptionId: string;
      customerEmail: string;
      packageName: string;
      price: string;
      from: SubscriptionStatus;
      to: SubscriptionStatus;
      by: SubscriptionActor;
      reason: string | null;
      endsAt: string | null;
    };
  }
}

export class PaymentVerified extends domainEvent('PaymentVerified') {}
export class PaymentRefunded extends domainEvent('PaymentRefunded') {}
export class PaymentRejected extends domainEvent('PaymentRejected') {}
export class PaymentReversed extends domainEvent('PaymentReversed') {}
export class PaymentDisputed extends domainEvent('PaymentDisputed') {}
export class PaymentDisputeResolved extends domainEvent('PaymentDisputeResolved') {}
export class SubscriptionCharged extends domainEvent('SubscriptionCharged') {}
export class SubscriptionPaymentFailed extends domainEvent('SubscriptionPaymentFailed') {}
export class SubscriptionStatusChanged extends domainEvent('SubscriptionStatusChanged') {}
