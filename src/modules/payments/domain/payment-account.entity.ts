import { defineEntity, p } from '@mikro-orm/core';

/**
 * A PayPal receiving e-mail, with who changed it last and when. The active one (one at a time) is the
 * checkout's `business`.
 */
export const PaymentAccountSchema = defineEntity({
  name: 'PaymentAccount',
  tableName: 'payment_account',
  properties: {
    id: p.uuid().primary(),
    paypalEmail: p.string().length(254),
    active: p.boolean(),
    updatedBy: p.string().length(254).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class PaymentAccount extends PaymentAccountSchema.class {}
PaymentAccountSchema.setClass(PaymentAccount);
