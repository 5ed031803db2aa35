import { ORDER_TEXTS } from '../../../contracts/orders.js';
import { requireRecordId } from '../../../platform/http/record-id.js';

/** An order id from a path: anything but a record id is answered like an order that does not exist. */
export function requireOrderId(id: string): string {
  return requireRecordId(id, ORDER_TEXTS.notYours);
}
