import { defineEntity, p } from '@mikro-orm/core';

/** A person who can sign in: by password, by Google, or both. E-mails are stored lower-case. */
export const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'account',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).unique(),
    passwordHash: p.text().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    googleSub: p.string().length(255).unique().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Account extends AccountSchema.class {}
AccountSchema.setClass(Account);
