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
    createdAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
  },
});

export class Subscriber extends SubscriberSchema.class {}
SubscriberSchema.setClass(Subscriber);
