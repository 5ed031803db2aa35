import { defineEntity, p } from '@mikro-orm/core';

/** A PayPal receiving e-mail (the checkout's `business`), with who changed it last and when. */
export const PaymentAccountSchema = defineEntity({
  name: 'PaymentAccount',
  tableName: 'payment_account',
  properties: {
    id: p.uuid().primary(),
    paypalEmail: p.string().length(254),
    updatedBy: p.string().length(254).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class PaymentAccount extends PaymentAccountSchema.class {}
PaymentAccountSchema.setClass(PaymentAccount);
