import { NotFoundException } from '@nestjs/common';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import { requireRecordId } from '../../../platform/http/record-id.js';

/** Someone else's order and an order that does not exist get the same answer as the order routes'. */
export const threadNotFound = () => new NotFoundException(ORDER_TEXTS.notYours);

/** An order id from a path: anything but a record id is a 404, as for an order that does not exist. */
export const requireThreadOrderId = (id: string): string =>
  requireRecordId(id, ORDER_TEXTS.notYours).toLowerCase();
