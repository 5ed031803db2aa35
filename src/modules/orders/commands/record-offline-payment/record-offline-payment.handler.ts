import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Order as OrderView } from '../../../../contracts/orders.js';
import { issueInvoice } from '../../../invoices/index.js';
import { isPayable } from '../../domain/order.entity.js';
import { capturePending } from '../../domain/order-errors.js';
import { captureUnderWay } from '../hold-for-capture/capture-hold.js';
import { OrderTransitions } from '../order-transitions.js';
import { RecordOfflinePaymentCommand } from './record-offline-payment.command.js';

/** Marks the order Paid (offline) under its row lock; a PayPal capture under way makes it a 409. */
@CommandHandler(RecordOfflinePaymentCommand)
export class RecordOfflinePaymentHandler implements ICommandHandler<RecordOfflinePaymentCommand> {
  constructor(private readonly transitions: OrderTransitions) {}

  execute({ orderId, actor, reason }: RecordOfflinePaymentCommand): Promise<OrderView> {
    return this.transitions.run({
      orderId,
      actor: { kind: 'admin', ...actor },
      summary: 'Payment recorded',
      apply: async (order, tx, at) => {
        if (isPayable(order) && (await captureUnderWay(tx, order.id))) throw capturePending();
        const events = order.pay('offline', at, reason);
        await issueInvoice(tx, order, at, null);
        return events;
      },
    });
  }
}
