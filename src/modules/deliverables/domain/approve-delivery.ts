import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent } from '../../../platform/outbox/domain-event.js';
import { type Order, orderPayload, recordOrderActivity } from '../../orders/index.js';
import { DeliveryApproved } from './deliverables.events.js';
import { Delivery } from './delivery.entity.js';

/** The order's latest round: the one the customer answers. */
export const latestRound = (tx: EntityManager, orderId: string) =>
  tx.findOne(Delivery, { orderId }, { orderBy: { round: 'desc' } });

/**
 * Approves what was delivered last, in the transaction holding the order's lock: the Order becomes
 * Delivered (or refuses, 409, when nothing awaits an answer), the round records who approved it, the
 * timeline says so with `text` (the round's number given), and DeliveryApproved tells the admins.
 */
export async function approveLatestDelivery(
  order: Order,
  tx: EntityManager,
  at: Date,
  by: 'customer' | 'auto',
  text: (round: number | null) => string,
): Promise<DomainEvent[]> {
  const events = order.approveWork(by, at);
  const round = await latestRound(tx, order.id);
  round?.approve(by, at);
  recordOrderActivity(tx, {
    orderId: order.id,
    kind: by === 'customer' ? 'approved' : 'auto_approved',
    actor: by === 'customer' ? 'customer' : 'system',
    text: text(round?.round ?? null),
    at,
  });
  return [
    ...events,
    new DeliveryApproved({
      ...orderPayload(order),
      deliveryId: round?.id ?? order.id,
      round: round?.round ?? 0,
      by,
    }),
  ];
}
