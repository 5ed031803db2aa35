import { defineEntity, p } from '@mikro-orm/core';
import { ACTIVITY_ACTORS, ACTIVITY_KINDS } from '../../../contracts/workspace.js';

/** One entry of an order's timeline (placed, paid, intake submitted, a message, files delivered, ...). */
export const OrderActivitySchema = defineEntity({
  name: 'OrderActivity',
  tableName: 'order_activity',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid(),
    at: p.datetime(),
    kind: p.enum(ACTIVITY_KINDS),
    actor: p.enum(ACTIVITY_ACTORS),
    actorEmail: p.string().length(254).nullable(),
    text: p.string().length(500),
    internal: p.boolean().default(false),
    /** The domain event it records, when it records one (a second delivery of it adds nothing). */
    eventId: p.uuid().nullable().unique(),
  },
});

export class OrderActivity extends OrderActivitySchema.class {}
OrderActivitySchema.setClass(OrderActivity);
