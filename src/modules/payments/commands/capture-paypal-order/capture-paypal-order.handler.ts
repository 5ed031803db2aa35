import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CaptureResult } from '../../../../contracts/payments.js';
import { PaypalCheckout } from '../../paypal/paypal-checkout.js';
import { CapturePaypalOrderCommand } from './capture-paypal-order.command.js';

@CommandHandler(CapturePaypalOrderCommand)
export class CapturePaypalOrderHandler implements ICommandHandler<CapturePaypalOrderCommand> {
  constructor(private readonly checkout: PaypalCheckout) {}

  execute({ orderId, customerEmail }: CapturePaypalOrderCommand): Promise<CaptureResult> {
    return this.checkout.captureFor(orderId, customerEmail);
  }
}
