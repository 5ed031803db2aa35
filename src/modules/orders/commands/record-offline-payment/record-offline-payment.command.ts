import { Command } from '@nestjs/cqrs';
import type { Order } from '../../../../contracts/orders.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/**
 * An admin recorded a payment received outside PayPal, with the reason kept on the order: UnPaid →
 * Paid (offline). A 409 naming why for an order that is not unpaid or is being captured.
 */
export class RecordOfflinePaymentCommand extends Command<Order> {
  constructor(
    readonly orderId: string,
    readonly actor: AuditActor,
    readonly reason: string,
  ) {
    super();
  }
}
