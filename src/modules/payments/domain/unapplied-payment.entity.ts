import { defineEntity, p } from '@mikro-orm/core';
import { PAYMENT_INTEGRATIONS, UNAPPLIED_PAYMENT_STATUSES } from '../../../contracts/payments.js';

/**
 * Money that arrived for an order that was not unpaid (paid already, cancelled, refunded): never
 * applied to the order, kept once per PayPal capture or transaction (`reference`) for the admins to
 * refund.
 */
export const UnappliedPaymentSchema = defineEntity({
  name: 'UnappliedPayment',
  tableName: 'unapplied_payment',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid(),
    channel: p.enum(PAYMENT_INTEGRATIONS),
    reference: p.string().length(64).unique(),
    amount: p.decimal('string').precision(12).scale(2),
    reason: p.text(),
    status: p.enum(UNAPPLIED_PAYMENT_STATUSES),
    refundId: p.string().length(64).nullable(),
    detail: p.text().nullable(),
    receivedAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class UnappliedPayment extends UnappliedPaymentSchema.class {
  /** A Checkout capture not refunded yet: 'Refund this payment' applies. */
  isRefundable(): boolean {
    return this.channel === 'checkout' && this.status === 'needs_attention';
  }

  /** One refund at a time: the record turns refunding before PayPal is asked. */
  startRefund(at: Date): boolean {
    if (this.status !== 'needs_attention') return false;
    this.status = 'refunding';
    this.updatedAt = at;
    return true;
  }

  /** PayPal refused the refund: it needs attention again. */
  cancelRefund(at: Date): void {
    if (this.status !== 'refunding') return;
    this.status = 'needs_attention';
    this.updatedAt = at;
  }

  /** The refund as PayPal reports it (its answer or a webhook); a refunded payment stays refunded. */
  recordRefund(refundId: string, paypalStatus: string, at: Date): void {
    if (this.status === 'refunded') return;
    this.refundId = refundId;
    this.status = paypalStatus === 'COMPLETED' ? 'refunded' : 'refunding';
    this.detail =
      paypalStatus === 'COMPLETED'
        ? null
        : `PayPal reports the refund as ${paypalStatus || 'unknown'}`;
    this.updatedAt = at;
  }
}
UnappliedPaymentSchema.setClass(UnappliedPayment);
