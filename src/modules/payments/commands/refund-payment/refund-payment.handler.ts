import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrderPaypal } from '../../../../contracts/payments.js';
import { PaypalCheckout } from '../../paypal/paypal-checkout.js';
import { RefundPaymentCommand } from './refund-payment.command.js';

@CommandHandler(RefundPaymentCommand)
export class RefundPaymentHandler implements ICommandHandler<RefundPaymentCommand> {
  constructor(private readonly checkout: PaypalCheckout) {}

  execute({ orderId, actor, unappliedPaymentId }: RefundPaymentCommand): Promise<OrderPaypal> {
    return unappliedPaymentId
      ? this.checkout.refundUnapplied(orderId, unappliedPaymentId, actor)
      : this.checkout.refund(orderId, actor);
  }
}
