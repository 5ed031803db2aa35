import { defineEntity, p } from '@mikro-orm/core';
import { Subscriber } from './subscriber.entity.js';

export const SUBSCRIBER_TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type SubscriberTokenPurpose = (typeof SUBSCRIBER_TOKEN_PURPOSES)[number];

/** The token of an e-mailed confirmation or unsubscribe link, stored as its SHA-256 only. */
export const SubscriberTokenSchema = defineEntity({
  name: 'SubscriberToken',
  tableName: 'subscriber_token',
  properties: {
    id: p.string().length(64).primary(),
    subscriber: () => p.manyToOne(Subscriber).deleteRule('cascade'),
    purpose: p.enum(SUBSCRIBER_TOKEN_PURPOSES),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export class SubscriberToken extends SubscriberTokenSchema.class {}
SubscriberTokenSchema.setClass(SubscriberToken);
