import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { toMoney } from '../../../contracts/orders.js';
import type { DomainEvent } from '../../../platform/outbox/domain-event.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { issueCreditNote } from '../../invoices/index.js';
import { Order } from '../domain/order.entity.js';
import { OrderTransitionError } from '../domain/order-errors.js';
import { orderPayload } from '../domain/orders.events.js';
import { OrderMails } from './send-order-emails.handlers.js';

/** PayPal's amount as our exact two-place decimal, or null: a malformed one must not block the dispute. */
function disputedAmount(amount: string): string | null {
  try {
    return toMoney(amount);
  } catch {
    return null;
  }
}

/**
 * Makes a dispute transition on the order, locked for the transaction. PayPal's report of a dispute is
 * a fact the order cannot refuse, so when its state does not allow the transition (a dispute of an
 * unpaid or refunded order, a resolution of another dispute) the order is flagged with what PayPal
 * said and the admins are e-mailed, once per distinct report, instead of failing the job (which would
 * retry it forever).
 */
@Injectable()
export class DisputeTransitions {
  constructor(
    private readonly outbox: TransactionalOutbox,
    private readonly mails: OrderMails,
  ) {}

  async run(
    tx: EntityManager,
    orderId: string,
    reported: string,
    transition: (order: Order, at: Date) => DomainEvent[],
  ): Promise<void> {
    const order = await tx.findOne(
      Order,
      { id: orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order) return;
    const at = new Date();
    const from = order.paymentStatus;
    try {
      const events = transition(order, at);
      // A dispute resolved by refunding the buyer: the refund's credit note, in the same transaction.
      if (from !== 'Refunded' && order.paymentStatus === 'Refunded') {
        await issueCreditNote(tx, order.id, at);
      }
      await this.outbox.commit(tx, events);
    } catch (error) {
      if (!(error instanceof OrderTransitionError)) throw error;
      const reason = `${reported} while the order’s payment was ${from}: ${error.message}`;
      // The same report again (PayPal repeats itself) is flagged and mailed once.
      if (order.reviewReason === reason) return;
      order.review(reason, at);
      await tx.flush();
      await this.mails.toAdmins(tx, orderPayload(order), 'Dispute needs review', reason);
    }
  }
}

/** A buyer's dispute reported by PayPal: a Paid order becomes Disputed, once per dispute. */
@Injectable()
@HandlesDomainEvent('PaymentDisputed')
export class ApplyPaymentDisputed implements DomainEventHandler<'PaymentDisputed'> {
  constructor(private readonly transitions: DisputeTransitions) {}

  async handle(event: DomainEventJob<'PaymentDisputed'>, tx: EntityManager): Promise<void> {
    const { orderId, disputeId, reason, amount, currency } = event.payload;
    await this.transitions.run(
      tx,
      orderId,
      `PayPal reported dispute ${disputeId} (${reason}, ${amount} ${currency})`,
      (order, at) =>
        order.dispute({ disputeId, reason, amount: disputedAmount(amount), currency }, at),
    );
  }
}

/** A dispute's end reported by PayPal: the order is Paid again, Refunded or Reversed, once. */
@Injectable()
@HandlesDomainEvent('PaymentDisputeResolved')
export class ApplyPaymentDisputeResolved implements DomainEventHandler<'PaymentDisputeResolved'> {
  constructor(private readonly transitions: DisputeTransitions) {}

  async handle(event: DomainEventJob<'PaymentDisputeResolved'>, tx: EntityManager): Promise<void> {
    const { orderId, disputeId, outcome } = event.payload;
    await this.transitions.run(
      tx,
      orderId,
      `PayPal resolved ${disputeId ? `dispute ${disputeId}` : 'a dispute'} (outcome: ${outcome})`,
      (order, at) => order.resolveDispute(outcome, disputeId, at),
    );
  }
}

export const DISPUTE_EVENT_HANDLERS = [
  DisputeTransitions,
  ApplyPaymentDisputed,
  ApplyPaymentDisputeResolved,
];
