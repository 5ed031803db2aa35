import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Order as OrderView } from '../../../contracts/orders.js';
import type { AuditActor } from '../../../platform/audit/audit-actor.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import type { DomainEvent } from '../../../platform/outbox/domain-event.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { Order } from '../domain/order.entity.js';
import { orderNotFound } from '../domain/order-errors.js';
import { toOrderView } from '../domain/order.mapper.js';

/** Who asks for a change: a customer may change only their own orders; an admin's go to the audit log. */
export type OrderActor = { kind: 'customer'; email: string } | ({ kind: 'admin' } & AuditActor);

/** One transition of one order, asked for by `actor`. */
export interface OrderTransitionRequest {
  orderId: string;
  actor: OrderActor;
  /** The audit entry's summary starts with it ('Order cancelled'). */
  summary: string;
  /** Makes the transition on the locked order (the Order refuses what its state does not allow). */
  apply: (order: Order, tx: EntityManager, at: Date) => Promise<DomainEvent[]>;
}

/** What an admin's change to an order is judged by in the audit log. */
const auditedState = (order: Order) => ({
  orderStatus: order.orderStatus,
  paymentStatus: order.paymentStatus,
  note: order.note ?? null,
});

/**
 * Runs an order's transition with its row locked for the transaction: two concurrent requests make one
 * transition and one event (the second sees the first's state and is refused, or changes nothing). A
 * customer reaches only their own orders (someone else's is a 404, as for an order that does not
 * exist); an admin's change is recorded in the audit log, its events in the outbox, in the same
 * transaction.
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  run({ orderId, actor, summary, apply }: OrderTransitionRequest): Promise<OrderView> {
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
      const events = await apply(order, tx, new Date());
      if (actor.kind === 'admin') {
        recordAudit(tx, actor, {
          kind: 'order.changed',
          targetType: 'order',
          targetId: order.id,
          summary: `${summary}: ${order.packageName} for ${order.customerEmail}`,
          before,
          after: auditedState(order),
        });
      }
      await this.outbox.commit(tx, events);
      return toOrderView(order, this.config.PAYPAL_MODE);
    });
  }
}
