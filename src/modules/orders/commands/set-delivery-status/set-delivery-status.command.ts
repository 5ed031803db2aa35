import { Command } from '@nestjs/cqrs';
import type { Order, OrderStatus } from '../../../../contracts/orders.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/**
 * An admin set Pending or Delivered. The first Delivered e-mails the customer; a cancelled order is not
 * delivered (409).
 */
export class SetDeliveryStatusCommand extends Command<Order> {
  constructor(
    readonly orderId: string,
    readonly actor: AuditActor,
    readonly orderStatus: OrderStatus,
  ) {
    super();
  }
}
