import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type CaptureResult, PAYMENT_TEXTS } from '../../../../contracts/payments.js';
import { FindOrderQuery, HoldOrderForCaptureCommand, isPayable } from '../../../orders/index.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { requireCheckout } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import { CapturePaypalOrderCommand } from './capture-paypal-order.command.js';
import { PaypalCapture } from './paypal-capture.js';

const result = (outcome: CaptureResult['outcome']): CaptureResult => ({
  outcome,
  message: PAYMENT_TEXTS[outcome],
});

/**
 * The buyer approved at PayPal: capture, and settle what PayPal answers. The order is held for the
 * capture: a cancel that came first makes this a 409 naming why, one that comes later gets the 409.
 */
@CommandHandler(CapturePaypalOrderCommand)
export class CapturePaypalOrderHandler implements ICommandHandler<CapturePaypalOrderCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly capture: PaypalCapture,
    private readonly rest: PaypalRest,
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ orderId, customerEmail }: CapturePaypalOrderCommand): Promise<CaptureResult> {
    requireCheckout(this.rest.settings);
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (order.paymentStatus === 'Paid') return result('paid');
    if (!isPayable(order)) throw new ConflictException(PAYMENT_TEXTS.notPayable);
    const paypalOrder = await this.em.fork().findOne(PaypalOrder, { orderId: order._id });
    if (!paypalOrder) {
      throw new ConflictException('This order has no PayPal payment to complete yet.');
    }
    let hold: string;
    try {
      hold = await this.commandBus.execute(new HoldOrderForCaptureCommand(order._id));
    } catch (error) {
      // The webhook's capture of the same approval made it Paid a moment ago: that is the answer.
      const now = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
      if (now?.paymentStatus === 'Paid') return result('paid');
      throw error;
    }
    const captured = await this.capture.captureHeld(paypalOrder, 'capture', hold);
    return result(captured === 'declined' ? 'declined' : captured.outcome);
  }
}
