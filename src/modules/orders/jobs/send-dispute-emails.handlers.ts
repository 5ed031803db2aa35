import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { formatDisputedAmount, formatMoney } from '../../../contracts/orders.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { OrderMails } from './send-order-emails.handlers.js';

/** Every admin is told of a dispute as it opens: PayPal holds the money until someone answers it. */
@Injectable()
@HandlesDomainEvent('OrderDisputed')
export class SendOrderDisputedEmails implements DomainEventHandler<'OrderDisputed'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderDisputed'>, tx: EntityManager): Promise<void> {
    const { customerName, disputeId, reason, amount, currency } = event.payload;
    await this.mails.toAdmins(
      tx,
      event.payload,
      'Payment disputed',
      `${customerName} opened a dispute (${disputeId}) of ${formatDisputedAmount(amount, currency)} at PayPal: ${reason}. PayPal holds the money until the dispute is resolved; answer it in PayPal's Resolution Center.`,
    );
  }
}

const RESOLUTIONS = {
  seller: {
    headline: 'Dispute resolved in your favour',
    detail: 'PayPal resolved it in the seller’s favour: the order is Paid again.',
  },
  refunded: {
    headline: 'Dispute resolved: refunded',
    detail:
      'PayPal resolved it in the buyer’s favour and refunded the payment: the order is Refunded.',
  },
  reversed: {
    headline: 'Payment reversed',
    detail: 'PayPal took the payment back (a reversal or chargeback): the order is Reversed.',
  },
} as const;

/** Every admin is told how a dispute ended, and what it left the order's payment at. */
@Injectable()
@HandlesDomainEvent('OrderDisputeResolved')
export class SendOrderDisputeResolvedEmails implements DomainEventHandler<'OrderDisputeResolved'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderDisputeResolved'>, tx: EntityManager): Promise<void> {
    const { disputeId, outcome, packagePrice, customerName } = event.payload;
    const { headline, detail } = RESOLUTIONS[outcome];
    const which = disputeId ? `The dispute ${disputeId}` : 'The dispute';
    await this.mails.toAdmins(
      tx,
      event.payload,
      headline,
      `${which} of ${customerName}’s payment of ${formatMoney(packagePrice)} ended. ${detail}`,
    );
  }
}

export const DISPUTE_MAIL_HANDLERS = [SendOrderDisputedEmails, SendOrderDisputeResolvedEmails];
