import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaypalOrderCreated } from '../../../../contracts/payments.js';
import { PaypalCheckout } from '../../paypal/paypal-checkout.js';
import { CreatePaypalOrderCommand } from './create-paypal-order.command.js';

@CommandHandler(CreatePaypalOrderCommand)
export class CreatePaypalOrderHandler implements ICommandHandler<CreatePaypalOrderCommand> {
  constructor(private readonly checkout: PaypalCheckout) {}

  execute({ orderId, customerEmail }: CreatePaypalOrderCommand): Promise<PaypalOrderCreated> {
    return this.checkout.createFor(orderId, customerEmail);
  }
}
