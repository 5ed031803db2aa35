import { Command } from '@nestjs/cqrs';
import type { OrderPaypal } from '../../../../contracts/payments.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/**
 * An admin refunds an order's PayPal Checkout payment in full, or one of the order's unapplied payments
 * (money that arrived while the order was not unpaid).
 */
export class RefundPaymentCommand extends Command<OrderPaypal> {
  constructor(
    readonly orderId: string,
    readonly actor: AuditActor,
    readonly unappliedPaymentId?: string,
  ) {
    super();
  }
}
