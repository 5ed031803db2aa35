import { defineEntity, p } from '@mikro-orm/core';

/**
 * One monthly charge PayPal took for a subscription (a `PAYMENT.SALE.COMPLETED` sale), applied once:
 * the sale id is the primary key, whichever of a webhook or reconciliation reports it first.
 */
export const SubscriptionPaymentSchema = defineEntity({
  name: 'SubscriptionPayment',
  tableName: 'subscription_payment',
  properties: {
    saleId: p.string().length(64).primary(),
    subscriptionId: p.uuid().index(),
    orderId: p.uuid(),
    amount: p.decimal('string').precision(12).scale(2),
    currency: p.string().length(3),
    /** 1 for the subscription's first charge, then 2, 3… */
    sequence: p.integer(),
    paidAt: p.datetime(),
    source: p.enum(['webhook', 'reconciliation'] as const),
  },
});

export class SubscriptionPayment extends SubscriptionPaymentSchema.class {}
SubscriptionPaymentSchema.setClass(SubscriptionPayment);
