import { defineEntity, p } from '@mikro-orm/core';
import { Account } from './account.entity.js';

/** A signed-in browser. The id is the SHA-256 of the cookie's token: the token itself is never stored. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p.string().length(64).primary(),
    account: () => p.manyToOne(Account).deleteRule('cascade'),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime().index(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
  },
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
