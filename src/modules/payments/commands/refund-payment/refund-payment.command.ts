import { Command } from '@nestjs/cqrs';
import type { OrderPaypal } from '../../../../contracts/payments.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin refunds an order's PayPal Checkout payment in full. */
export class RefundPaymentCommand extends Command<OrderPaypal> {
  constructor(
    readonly orderId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
