import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Order as PaypalApiOrder } from '@paypal/paypal-server-sdk';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { paypalFailure, PaypalRest } from '../../paypal/paypal-rest.js';
import { PaypalCapture } from '../capture-paypal-order/paypal-capture.js';
import { SettleCapture } from '../settle-capture/settle-capture.js';
import { ReconcilePaypalOrdersCommand } from './reconcile-paypal-orders.command.js';

/** At most this many PayPal orders are looked up per run; the next run takes the rest. */
const BATCH = 50;

/**
 * Approved PayPal orders are captured, completed ones settled, voided or lapsed ones abandoned (the
 * customer can pay again). Each is looked up with no transaction open; what PayPal says is applied in
 * short transactions of their own.
 */
@CommandHandler(ReconcilePaypalOrdersCommand)
export class ReconcilePaypalOrdersHandler implements ICommandHandler<ReconcilePaypalOrdersCommand> {
  private readonly logger = new Logger('ReconcilePaypalOrders');

  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly capture: PaypalCapture,
    private readonly settleCapture: SettleCapture,
  ) {}

  async execute({ olderThanMs }: ReconcilePaypalOrdersCommand): Promise<number> {
    const open = await this.em.fork().find(
      PaypalOrder,
      {
        status: { $in: ['CREATED', 'APPROVED', 'PENDING'] },
        updatedAt: { $lt: new Date(Date.now() - olderThanMs) },
      },
      { orderBy: { updatedAt: 'asc' }, limit: BATCH },
    );
    let changed = 0;
    for (const paypalOrder of open) {
      try {
        if (await this.reconcile(paypalOrder)) changed++;
      } catch (error) {
        this.logger.warn(
          { err: error, orderId: paypalOrder.orderId },
          'Reconciliation of a PayPal order failed',
        );
      }
    }
    return changed;
  }

  private async reconcile(paypalOrder: PaypalOrder): Promise<boolean> {
    let found: PaypalApiOrder;
    try {
      found = (await (await this.rest.api()).orders.getOrder({ id: paypalOrder.paypalOrderId }))
        .result;
    } catch (error) {
      if (paypalFailure(error)?.status === 404) {
        return this.abandon(paypalOrder, 'PayPal no longer knows it');
      }
      throw error;
    }
    switch (found.status) {
      case 'APPROVED':
        await this.capture.captureIfPayable(paypalOrder, 'reconciliation');
        return true;
      case 'COMPLETED':
        await this.settleCapture.settleOrder(paypalOrder.orderId, found, 'reconciliation');
        return true;
      case 'VOIDED':
        return this.abandon(paypalOrder, 'PayPal voided it');
      default: {
        if (paypalOrder.lapsed(new Date())) {
          return this.abandon(paypalOrder, 'the buyer never approved it');
        }
        // Looked at again only after another PAYPAL_RECONCILE_AFTER_MS.
        await this.em.fork().transactional(async (tx) => {
          (await tx.findOne(PaypalOrder, { orderId: paypalOrder.orderId }))?.checked(new Date());
        });
        return false;
      }
    }
  }

  private async abandon(paypalOrder: PaypalOrder, why: string): Promise<boolean> {
    await this.capture.abandon(paypalOrder.orderId, why);
    return true;
  }
}
