import { defineEntity, p } from '@mikro-orm/core';
import { Account } from './account.entity.js';

export const ACCOUNT_TOKEN_PURPOSES = [
  'password-reset',
  'email-verification',
  /** A staff member's invitation to set their password (revocable by an admin). */
  'invitation',
  /** A sign-in whose password was right, waiting for its second factor. */
  'two-factor-login',
] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** A single-use link token sent by e-mail, stored as its SHA-256 only. */
export const AccountTokenSchema = defineEntity({
  name: 'AccountToken',
  tableName: 'account_token',
  properties: {
    id: p.string().length(64).primary(),
    account: () => p.manyToOne(Account).deleteRule('cascade'),
    purpose: p.enum(ACCOUNT_TOKEN_PURPOSES),
    /** The address the link was sent to: verifying it proves this address, not a later one. */
    email: p.string().length(254),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    /** Withdrawn by an admin (invitations): it no longer works. */
    revokedAt: p.datetime().nullable(),
  },
});

export class AccountToken extends AccountTokenSchema.class {}
AccountTokenSchema.setClass(AccountToken);
