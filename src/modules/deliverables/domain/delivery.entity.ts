import { defineEntity, p } from '@mikro-orm/core';
import { DELIVERY_RESPONSES } from '../../../contracts/deliverables.js';

/**
 * One round of delivery on an order: the note and files the agency delivered, and the customer's answer
 * (approved, by them or by the scheduled job, or changes requested with their message).
 */
export const DeliverySchema = defineEntity({
  name: 'Delivery',
  tableName: 'delivery',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid(),
    round: p.integer(),
    note: p.text().nullable(),
    /** The delivered files (stored_file ids, kind deliverable, of this order), in the admin's order. */
    fileIds: p.json<string[]>(),
    /** The admin's e-mail at the time. */
    deliveredBy: p.string().length(254),
    deliveredAt: p.datetime(),
    response: p.enum(DELIVERY_RESPONSES).nullable(),
    responseMessage: p.text().nullable(),
    respondedAt: p.datetime().nullable(),
    approvedBy: p.enum(['customer', 'auto'] as const).nullable(),
  },
});

export class Delivery extends DeliverySchema.class {
  /** The customer approved this round (or nobody answered in time). */
  approve(by: 'customer' | 'auto', at: Date): void {
    this.response = 'approved';
    this.approvedBy = by;
    this.respondedAt = at;
  }

  /** The customer asked for changes to this round. */
  requestChanges(message: string, at: Date): void {
    this.response = 'changes_requested';
    this.responseMessage = message;
    this.respondedAt = at;
  }
}
DeliverySchema.setClass(Delivery);
