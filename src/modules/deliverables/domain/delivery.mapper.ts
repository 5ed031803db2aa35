import type { DeliveredFile, Delivery as DeliveryView } from '../../../contracts/deliverables.js';
import type { Delivery } from './delivery.entity.js';

/** A round as its reader sees it: customers never read which admin delivered it. */
export function toDeliveryView(
  delivery: Delivery,
  files: DeliveredFile[],
  viewer: 'customer' | 'admin',
): DeliveryView {
  return {
    id: delivery.id,
    orderId: delivery.orderId,
    round: delivery.round,
    note: delivery.note ?? null,
    files,
    deliveredAt: delivery.deliveredAt.toISOString(),
    deliveredBy: viewer === 'admin' ? delivery.deliveredBy : null,
    response: delivery.response ?? null,
    responseMessage: delivery.responseMessage ?? null,
    respondedAt: delivery.respondedAt?.toISOString() ?? null,
    approvedBy: delivery.approvedBy ?? null,
  };
}
