import { Command } from '@nestjs/cqrs';
import type { Order, OrderStatus } from '../../../../contracts/orders.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Who asks for a change: a customer may change only their own orders; an admin's go to the audit log. */
export type OrderActor = { kind: 'customer'; email: string } | ({ kind: 'admin' } & AuditActor);

export type OrderChange =
  /** The customer cancelled at PayPal (the cancel page), or an admin cancelled with a reason. */
  | { kind: 'cancel'; reason: string | null }
  /** An admin recorded a payment received outside PayPal. */
  | { kind: 'recordOfflinePayment'; reason: string }
  /** An admin set Pending or Delivered. */
  | { kind: 'setStatus'; orderStatus: OrderStatus };

/** One state change of one order, made once even when asked for concurrently. */
export class ChangeOrderCommand extends Command<Order> {
  constructor(
    readonly orderId: string,
    readonly actor: OrderActor,
    readonly change: OrderChange,
  ) {
    super();
  }
}
