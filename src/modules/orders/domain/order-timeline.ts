import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  ActivityActor,
  ActivityKind,
  OrderActivity as OrderActivityView,
} from '../../../contracts/workspace.js';
import { OrderActivity } from './order-activity.entity.js';

/** What happened to an order, by whom; `internal` entries are shown to admins only. */
export interface ActivityEntry {
  orderId: string;
  kind: ActivityKind;
  actor: ActivityActor;
  actorEmail?: string | null;
  /** One line of plain text (cut to 500 characters). */
  text: string;
  internal?: boolean;
  at?: Date;
  eventId?: string;
}

/**
 * Adds an entry to the order's timeline in `tx`: the transaction that made the change it records, so
 * the timeline never shows what did not happen, nor misses what did.
 */
export function recordOrderActivity(tx: EntityManager, entry: ActivityEntry): void {
  const activity = new OrderActivity();
  Object.assign(activity, {
    id: randomUUID(),
    orderId: entry.orderId,
    at: entry.at ?? new Date(),
    kind: entry.kind,
    actor: entry.actor,
    actorEmail: entry.actorEmail ?? null,
    text: entry.text.slice(0, 500),
    internal: entry.internal ?? false,
    eventId: entry.eventId ?? null,
  } satisfies Partial<OrderActivity>);
  tx.persist(activity);
}

/**
 * The order's timeline, oldest first. A customer's never holds internal entries nor the admins'
 * addresses (filtered here, in the query, not by the screen).
 */
export async function orderTimeline(
  em: EntityManager,
  orderId: string,
  viewer: 'customer' | 'admin',
): Promise<OrderActivityView[]> {
  const rows = await em.find(
    OrderActivity,
    viewer === 'admin' ? { orderId } : { orderId, internal: false },
    { orderBy: { at: 'asc', id: 'asc' } },
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actor,
    actorEmail: viewer === 'admin' ? (row.actorEmail ?? null) : null,
    text: row.text,
    internal: row.internal,
  }));
}
