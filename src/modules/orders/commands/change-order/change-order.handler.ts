import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Order as OrderView } from '../../../../contracts/orders.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import type { DomainEvent } from '../../../../platform/outbox/domain-event.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Order } from '../../domain/order.entity.js';
import {
  capturePending,
  orderNotFound,
  orderNotPayable,
  orderNotUnpaid,
} from '../../domain/order-errors.js';
import { toOrderView } from '../../domain/order.mapper.js';
import {
  OrderCancelled,
  OrderDelivered,
  OrderPaid,
  orderPayload,
} from '../../domain/orders.events.js';
import { ChangeOrderCommand } from './change-order.command.js';

/** What an admin's change to an order is judged by in the audit log. */
const auditedState = (order: Order) => ({
  orderStatus: order.orderStatus,
  paymentStatus: order.paymentStatus,
  note: order.note ?? null,
});

/**
 * A capture hold older than this is taken for a process that died mid-capture and no longer blocks a
 * cancel (PayPal answers within 15 s; whatever PayPal captured meanwhile still reaches the order through
 * the webhook or reconciliation, and is then kept as a payment that needs attention, never lost).
 */
const CAPTURE_HOLD_TTL_SECONDS = 600;

/** Whether a PayPal capture of the order is under way (see HoldOrderForCaptureCommand). */
async function captureUnderWay(tx: EntityManager, orderId: string): Promise<boolean> {
  const held = await tx.execute<{ token: string }[]>(
    `select token from order_capture_claim
      where order_id = ? and claimed_at > now() - make_interval(secs => ?) limit 1`,
    [orderId, CAPTURE_HOLD_TTL_SECONDS],
  );
  return held.length > 0;
}

const CHANGE_SUMMARIES: Record<ChangeOrderCommand['change']['kind'], string> = {
  cancel: 'Order cancelled',
  recordOfflinePayment: 'Payment recorded',
  setStatus: 'Order status set',
};

/**
 * Cancels, records an offline payment or sets the delivery status, with the order's row locked for the
 * transaction: two concurrent requests make one transition and one event. A PayPal capture under way
 * holds the order under the same lock, so a cancel or an offline payment then answers 409. A customer reaches only
 * their own orders (someone else's is a 404, as for an order that does not exist).
 */
@CommandHandler(ChangeOrderCommand)
export class ChangeOrderHandler implements ICommandHandler<ChangeOrderCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ orderId, actor, change }: ChangeOrderCommand): Promise<OrderView> {
    return this.em.fork().transactional(async (tx) => {
      const order = await tx.findOne(
        Order,
        actor.kind === 'customer'
          ? { id: orderId, customerEmail: actor.email.toLowerCase() }
          : { id: orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!order) throw orderNotFound();
      const before = auditedState(order);
      const now = new Date();
      const events: DomainEvent[] = [];
      switch (change.kind) {
        case 'cancel':
          if (order.paymentStatus !== 'UnPaid') throw orderNotUnpaid();
          if (await captureUnderWay(tx, order.id)) throw capturePending();
          order.paymentStatus = 'Cancelled';
          order.cancelledAt = now;
          order.note = change.reason ?? order.note ?? null;
          events.push(
            new OrderCancelled({ ...orderPayload(order), by: actor.kind, reason: change.reason }),
          );
          break;
        case 'recordOfflinePayment':
          if (order.paymentStatus !== 'UnPaid') throw orderNotPayable();
          if (await captureUnderWay(tx, order.id)) throw capturePending();
          order.paymentStatus = 'Paid';
          order.paidAt = now;
          order.paidVia = 'offline';
          order.note = change.reason;
          events.push(new OrderPaid({ ...orderPayload(order), paidVia: 'offline' }));
          break;
        case 'setStatus':
          if (order.orderStatus === change.orderStatus) break;
          order.orderStatus = change.orderStatus;
          if (change.orderStatus === 'Delivered' && !order.deliveredAt) {
            order.deliveredAt = now;
            events.push(new OrderDelivered(orderPayload(order)));
          }
          break;
      }
      order.updatedAt = now;
      if (actor.kind === 'admin') {
        recordAudit(tx, actor, {
          kind: 'order.changed',
          targetType: 'order',
          targetId: order.id,
          summary: `${CHANGE_SUMMARIES[change.kind]}: ${order.packageName} for ${order.customerEmail}`,
          before,
          after: auditedState(order),
        });
      }
      await this.outbox.commit(tx, events);
      return toOrderView(order);
    });
  }
}
