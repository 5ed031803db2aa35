import { defineEntity, p } from '@mikro-orm/core';
import type { DisputeOutcome } from './payment-report.js';

/**
 * A dispute PayPal reported on one of our payments: opened once, resolved once, however often PayPal
 * reports it. `id` is PayPal's dispute (or IPN case) id; an IPN reversal that names no case is keyed by
 * its own transaction.
 */
export const PaymentDisputeSchema = defineEntity({
  name: 'PaymentDispute',
  tableName: 'payment_dispute',
  properties: {
    id: p.string().length(128).primary(),
    orderId: p.uuid(),
    reason: p.text(),
    amount: p.decimal('string').precision(12).scale(2).nullable(),
    currency: p.string().length(3).nullable(),
    outcome: p.enum(['seller', 'refunded', 'reversed'] as const).nullable(),
    openedAt: p.datetime(),
    resolvedAt: p.datetime().nullable(),
  },
});

export class PaymentDispute extends PaymentDisputeSchema.class {
  /** Ends the dispute; false when it had ended already (PayPal reports it again). */
  resolve(outcome: DisputeOutcome, at: Date): boolean {
    if (this.outcome !== null) return false;
    this.outcome = outcome;
    this.resolvedAt = at;
    return true;
  }
}
PaymentDisputeSchema.setClass(PaymentDispute);
