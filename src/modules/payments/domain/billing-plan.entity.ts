import { defineEntity, p } from '@mikro-orm/core';

/**
 * The PayPal catalog product and billing plan of one package at one monthly price, made by the server
 * the first time someone subscribes at that price. A price change makes a new plan for new
 * subscribers; existing subscriptions keep theirs (until an admin migrates one).
 */
export const BillingPlanSchema = defineEntity({
  name: 'BillingPlan',
  tableName: 'billing_plan',
  properties: {
    id: p.uuid().primary(),
    packageId: p.uuid(),
    price: p.decimal('string').precision(12).scale(2),
    currency: p.string().length(3),
    paypalProductId: p.string().length(64),
    paypalPlanId: p.string().length(64).unique(),
    createdAt: p.datetime(),
  },
});

export class BillingPlan extends BillingPlanSchema.class {}
BillingPlanSchema.setClass(BillingPlan);
