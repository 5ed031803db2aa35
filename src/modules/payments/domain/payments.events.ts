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
  }
}

export class PaymentVerified extends domainEvent('PaymentVerified') {}
export class PaymentRefunded extends domainEvent('PaymentRefunded') {}
export class PaymentRejected extends domainEvent('PaymentRejected') {}
export class PaymentReversed extends domainEvent('PaymentReversed') {}
export class PaymentDisputed extends domainEvent('PaymentDisputed') {}
export class PaymentDisputeResolved extends domainEvent('PaymentDisputeResolved') {}
