import { defineEntity, p } from '@mikro-orm/core';
import { SUBSCRIBER_STATUSES } from '../../../contracts/newsletter.js';

/** A newsletter address: pending until its owner follows the confirmation link (double opt-in). */
export const SubscriberSchema = defineEntity({
  name: 'Subscriber',
  tableName: 'subscriber',
  properties: {
    id: p.uuid().primary(),
    /** Lower-case: one row per address, whatever its spelling. */
    email: p.string().length(254).unique(),
    status: p.enum(SUBSCRIBER_STATUSES).default('pending'),
    /** The name an import gave (the sign-up form asks for none). */
    name: p.string().length(200).nullable(),
    createdAt: p.datetime(),
    /** The latest sign-up (every one e-mails a new link): a pending address expires from here. */
    requestedAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
    /** When the welcome e-mail went out: at most once in the subscriber's lifetime (a re-subscription gets none). */
    welcomedAt: p.datetime().nullable(),
    /** A bounced or complained address: why (the provider's report), and when it was blocked. */
    blockedReason: p.text().nullable(),
    blockedAt: p.datetime().nullable(),
    /**
     * The subscriber's lasting one-click unsubscribe token (set by PostgreSQL). Kept readable, unlike
     * other link tokens, because every newsletter e-mail carries it; it can do nothing but unsubscribe.
     */
    unsubscribeToken: p
      .string()
      .length(64)
      .lazy()
      .defaultRaw(
        `replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`,
      ),
  },
});

export class Subscriber extends SubscriberSchema.class {}
SubscriberSchema.setClass(Subscriber);
