import { defineEntity, p } from '@mikro-orm/core';
import { PAYPAL_ORDER_STATUSES } from '../../../contracts/payments.js';

/**
 * The PayPal order (Orders v2) made for one of our orders, and where its payment stands. One per order:
 * a new PayPal order (the buyer pays again after an abandoned one) is a new `generation` of the same row.
 */
export const PaypalOrderSchema = defineEntity({
  name: 'PaypalOrder',
  tableName: 'paypal_order',
  properties: {
    orderId: p.uuid().primary(),
    paypalOrderId: p.string().length(64).unique(),
    generation: p.integer(),
    /** Names the capture request (its PayPal-Request-Id): a declined capture moves it on. */
    captureAttempt: p.integer(),
    status: p.enum(PAYPAL_ORDER_STATUSES),
    captureId: p.string().length(64).nullable(),
    refundId: p.string().length(64).nullable(),
    detail: p.text().nullable(),
    /** The last capture of the buyer's approval was declined (cleared by a capture that succeeds). */
    declinedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

/** PayPal leaves an unapproved order this long before it lapses. */
export const APPROVAL_WINDOW_MS = 3 * 3600_000;

/**
 * Each transition changes the record and returns true, or returns false and changes nothing when the
 * record is past it (PayPal reports things more than once and in any order).
 */
export class PaypalOrder extends PaypalOrderSchema.class {
  /** Made and not captured yet: the buyer can still approve or be captured. */
  isOpen(): boolean {
    return this.status === 'CREATED' || this.status === 'APPROVED';
  }

  /** PayPal declined the buyer's instrument for this capture attempt: a new approval is needed. */
  decline(attempt: number, at: Date): boolean {
    if (this.captureAttempt !== attempt) return false;
    this.captureAttempt += 1;
    this.status = 'CREATED';
    this.detail = "PayPal declined the buyer's payment method";
    this.declinedAt = at;
    this.updatedAt = at;
    return true;
  }

  /**
   * The capture is paid. A second capture (money for an order paid meanwhile) never replaces the
   * order's own, and a refund under way or done is not undone.
   */
  complete(captureId: string, at: Date): boolean {
    if (this.status === 'REFUNDING' || this.status === 'REFUNDED') return false;
    if (this.status === 'COMPLETED' && this.captureId !== null && this.captureId !== captureId) {
      return false;
    }
    this.status = 'COMPLETED';
    this.captureId = captureId;
    this.detail = null;
    this.declinedAt = null;
    this.updatedAt = at;
    return true;
  }

  /** PayPal holds the captured payment as pending (e-checks, its own review). */
  pend(captureId: string, at: Date): boolean {
    if (!this.isOpen() && this.status !== 'PENDING') return false;
    this.status = 'PENDING';
    this.captureId = captureId;
    this.detail = 'PayPal holds the payment as pending';
    this.updatedAt = at;
    return true;
  }

  /** The capture does not match the order: for the admins, never Paid; flagged once. */
  flagForReview(captureId: string, reason: string, at: Date): boolean {
    if (this.status === 'REVIEW') return false;
    this.status = 'REVIEW';
    this.captureId = captureId;
    this.detail = reason;
    this.updatedAt = at;
    return true;
  }

  /** Given up without money taken: the customer may pay again with a new PayPal order. */
  abandon(why: string, at: Date, alsoPending = false): boolean {
    if (!this.isOpen() && !(alsoPending && this.status === 'PENDING')) return false;
    this.status = 'ABANDONED';
    this.detail = `Abandoned: ${why}`;
    this.updatedAt = at;
    return true;
  }

  /** One refund at a time: the record turns REFUNDING before PayPal is asked. */
  startRefund(at: Date): boolean {
    if (this.status !== 'COMPLETED' || this.captureId === null) return false;
    this.status = 'REFUNDING';
    this.updatedAt = at;
    return true;
  }

  /** PayPal refused the refund: the payment stands as it was. */
  cancelRefund(at: Date): boolean {
    if (this.status !== 'REFUNDING') return false;
    this.status = 'COMPLETED';
    this.updatedAt = at;
    return true;
  }

  /**
   * A refund of the order's own capture, as PayPal reports it: REFUNDED once COMPLETED at PayPal (true
   * only that first time); any other status is noted.
   */
  recordRefund(captureId: string, refundId: string, paypalStatus: string, at: Date): boolean {
    if (this.captureId !== captureId) return false;
    this.refundId = refundId;
    this.updatedAt = at;
    if (paypalStatus !== 'COMPLETED') {
      this.detail = `PayPal reports the refund as ${paypalStatus || 'unknown'}`;
      return false;
    }
    if (this.status === 'REFUNDED') return false;
    this.status = 'REFUNDED';
    this.detail = null;
    return true;
  }

  /** Looked at by reconciliation and still waiting for the buyer. */
  checked(at: Date): void {
    this.updatedAt = at;
  }

  lapsed(now: Date): boolean {
    return now.getTime() - this.createdAt.getTime() > APPROVAL_WINDOW_MS;
  }
}
PaypalOrderSchema.setClass(PaypalOrder);
