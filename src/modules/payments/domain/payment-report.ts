import type { ReportedCapture } from './paypal.js';
import type { ReportedSale, SubscriptionSnapshot } from './subscription-snapshot.js';

/** How a Checkout message names our PayPal order: PayPal's order id, or the custom id we gave it. */
export interface PaypalOrderRef {
  paypalOrderId: string | null;
  customId: string | null;
}

/** Where a dispute or its end points: the disputed transaction (capture or txn_id) and our order id. */
export interface DisputedPayment {
  transactionId: string | null;
  orderId: string | null;
}

export type DisputeOutcome = 'seller' | 'refunded' | 'reversed';

/**
 * What a verified PayPal message reports, whichever channel brought it: the IPN and webhook adapters
 * each turn PayPal's message into one of these, and the pipeline applies it the same way.
 */
export type PaymentReport =
  /** A Payments Standard transaction (IPN): checked against the order it names (`custom`). */
  | { kind: 'standard-payment'; fields: URLSearchParams }
  /** A Checkout capture completed or pending at PayPal. */
  | { kind: 'capture'; ref: PaypalOrderRef; capture: ReportedCapture }
  /** A capture PayPal denied (no money taken) or reversed. */
  | { kind: 'capture-denied' | 'capture-reversed'; captureId: string | null; ref: PaypalOrderRef }
  /** A refund of a capture (in full, or in part from PayPal's dashboard). */
  | {
      kind: 'refund';
      captureId: string | null;
      refundId: string;
      status: string;
      amount: string;
      ref: PaypalOrderRef;
    }
  /** The buyer approved a PayPal order: captured if nobody did yet. */
  | { kind: 'approved'; paypalOrderId: string | null }
  /** A buyer opened (or PayPal updated) a dispute. */
  | {
      kind: 'dispute';
      disputeId: string;
      reason: string;
      amount: string;
      currency: string;
      payment: DisputedPayment;
    }
  /** A dispute ended, or PayPal took the money back or returned it. */
  | {
      kind: 'dispute-resolved';
      disputeId: string | null;
      outcome: DisputeOutcome;
      payment: DisputedPayment;
    }
  /**
   * A subscription's state (BILLING.SUBSCRIPTION.ACTIVATED, RE-ACTIVATED, UPDATED, SUSPENDED,
   * CANCELLED, EXPIRED): the resource is the subscription as PayPal shows it then.
   */
  | { kind: 'subscription'; event: string; snapshot: SubscriptionSnapshot }
  /** PayPal could not take a monthly charge (BILLING.SUBSCRIPTION.PAYMENT.FAILED). */
  | { kind: 'subscription-payment-failed'; snapshot: SubscriptionSnapshot }
  /** A monthly charge PayPal took (PAYMENT.SALE.COMPLETED naming a subscription). */
  | { kind: 'sale'; sale: ReportedSale }
  /** Nothing for the shop to do; `detail` says why. */
  | { kind: 'nothing'; detail: string };
