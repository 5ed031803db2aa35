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
    /**
     * The TOTP secret, sealed (TotpSecretBox; base32 if stored before sealing): pending while
     * totpEnabledAt is null, in force after.
     */
    totpSecret: p.string().length(128).nullable(),
    totpEnabledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Account extends AccountSchema.class {}
AccountSchema.setClass(Account);
