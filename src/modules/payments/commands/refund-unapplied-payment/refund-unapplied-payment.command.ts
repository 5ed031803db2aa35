import { Command } from '@nestjs/cqrs';
import type { OrderPaypal } from '../../../../contracts/payments.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin refunds a payment that arrived while the order was not unpaid (see OrderPaymentNotApplied). */
export class RefundUnappliedPaymentCommand extends Command<OrderPaypal> {
  constructor(
    readonly orderId: string,
    readonly paymentId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
