import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { formatMoney, formatOrderDate, toMoney } from '../../../contracts/orders.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { issueInvoice } from '../../invoices/index.js';
import { endCaptureHolds } from '../commands/hold-for-capture/capture-hold.js';
import { isPayable, Order } from '../domain/order.entity.js';
import { recordOrderActivity } from '../domain/order-timeline.js';
import { orderMailProps, type OrderPayload, orderPayload } from '../domain/orders.events.js';
import {
  chargeTimelineText,
  failedChargeTimelineText,
  monthlyInvoiceLine,
  subscriptionAdminNotice,
  subscriptionTimelineEntry,
  subscriptionTransition,
} from '../domain/subscription-notices.js';
import { OrderMails } from './send-order-emails.handlers.js';

/**
 * A monthly order's subscription, as the payments module reports it (SubscriptionCharged,
 * SubscriptionPaymentFailed, SubscriptionStatusChanged): its charges pay the order and are invoiced
 * one by one, and the customer, the admins and the order's timeline hear of what happens. Each runs
 * in the worker once per event (the outbox ledger), its e-mails written in the same transaction.
 */

const lockOrder = (tx: EntityManager, id: string) =>
  tx.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });

const ordersUrl = (mail: Mailer) => mail.link('/my-order');

/**
 * Each charge PayPal took for the order's subscription, once per sale id. The first pays the UnPaid
 * order exactly as a one-off PayPal payment does (its invoice, OrderPaid: the receipt, the admins'
 * e-mail and the workspace's intake follow). A later one (the order is Paid) is a renewal: its own
 * invoice for the amount taken, naming the month, a receipt e-mail with it and the next billing date,
 * and a line on the timeline. Money taken for an order in any other state (cancelled, refunded,
 * disputed) is invoiced too, and the admins are told. The same sale again (an invoice for it exists)
 * changes nothing.
 */
@Injectable()
@HandlesDomainEvent('SubscriptionCharged')
export class ApplySubscriptionCharge implements DomainEventHandler<'SubscriptionCharged'> {
  constructor(
    private readonly outbox: TransactionalOutbox,
    private readonly mail: Mailer,
    private readonly mails: OrderMails,
  ) {}

  async handle(event: DomainEventJob<'SubscriptionCharged'>, tx: EntityManager): Promise<void> {
    const { orderId, saleId, sequence, nextBillingAt } = event.payload;
    const order = await lockOrder(tx, orderId);
    if (!order) return;
    const now = new Date();
    const amount = toMoney(event.payload.amount);
    const charge = { amount, line: monthlyInvoiceLine(order.packageName, sequence) };
    if (isPayable(order)) {
      const events = order.pay('paypal', now);
      await endCaptureHolds(tx, order.id);
      await issueInvoice(tx, order, now, saleId, charge);
      await this.outbox.commit(tx, events);
      return;
    }
    const invoice = await issueInvoice(tx, order, now, saleId, charge);
    // This sale is invoiced already: reported again, it changes nothing.
    if (!invoice) return;
    const payload = orderPayload(order);
    recordOrderActivity(tx, {
      orderId,
      kind: 'subscription_charged',
      actor: 'system',
      text: chargeTimelineText(sequence, amount, invoice.number),
      at: new Date(event.occurredAt),
      eventId: event.id,
    });
    if (order.paymentStatus === 'Paid') {
      this.mail.send(tx, {
        template: 'subscriptionReceipt',
        to: order.customerEmail,
        props: {
          ...orderMailProps(payload),
          month: sequence,
          amount,
          ordersUrl: ordersUrl(this.mail),
          invoiceUrl: this.mail.link(`/api/invoices/${invoice.id}.pdf`),
          invoiceNumber: invoice.number,
          nextBillingDate: nextBillingAt ? formatOrderDate(nextBillingAt) : null,
        },
      });
      return;
    }
    await this.mails.toAdmins(
      tx,
      payload,
      'Monthly charge needs attention',
      `PayPal took a monthly payment of ${formatMoney(amount)} (month ${sequence}, sale ${saleId}) for an order that is ${order.paymentStatus}. Invoice ${invoice.number} was issued for it: refund it at PayPal, or cancel the subscription, if the customer should not pay.`,
    );
  }
}

/** PayPal could not take a charge: the customer gets the link to fix it at PayPal; the timeline says so. */
@Injectable()
@HandlesDomainEvent('SubscriptionPaymentFailed')
export class NotifySubscriptionPaymentFailed implements DomainEventHandler<'SubscriptionPaymentFailed'> {
  constructor(private readonly mail: Mailer) {}

  async handle(
    event: DomainEventJob<'SubscriptionPaymentFailed'>,
    tx: EntityManager,
  ): Promise<void> {
    const { orderId, fixUrl, failedPayments } = event.payload;
    const order = await tx.findOne(Order, { id: orderId });
    if (!order) return;
    this.mail.send(tx, {
      template: 'subscriptionPaymentFailed',
      to: order.customerEmail,
      props: {
        ...orderMailProps(orderPayload(order)),
        fixUrl,
        failedPayments,
        ordersUrl: ordersUrl(this.mail),
      },
    });
    recordOrderActivity(tx, {
      orderId,
      kind: 'subscription_failed',
      actor: 'system',
      text: failedChargeTimelineText(failedPayments),
      at: new Date(event.occurredAt),
      eventId: event.id,
    });
  }
}

/**
 * The subscription was activated, paused, resumed, suspended, cancelled or ended: the customer is
 * e-mailed (not of the activation: the first charge's receipt tells them), the admins hear of the
 * customer's cancel and of what PayPal did on its own, and the timeline records it.
 */
@Injectable()
@HandlesDomainEvent('SubscriptionStatusChanged')
export class NotifySubscriptionStatusChanged implements DomainEventHandler<'SubscriptionStatusChanged'> {
  constructor(
    private readonly mail: Mailer,
    private readonly mails: OrderMails,
  ) {}

  async handle(
    event: DomainEventJob<'SubscriptionStatusChanged'>,
    tx: EntityManager,
  ): Promise<void> {
    const { orderId, from, to, by, reason, endsAt } = event.payload;
    const transition = subscriptionTransition(from, to, by);
    if (!transition) return;
    const order = await tx.findOne(Order, { id: orderId });
    if (!order) return;
    const price = toMoney(event.payload.price);
    // The subscription's monthly price (an admin may have migrated it from the order's).
    const payload: OrderPayload = { ...orderPayload(order), packagePrice: price };
    const change = { to, by, reason, endsAt, price };
    recordOrderActivity(tx, {
      orderId,
      kind: 'subscription_changed',
      ...subscriptionTimelineEntry(transition, change),
      at: new Date(event.occurredAt),
      eventId: event.id,
    });
    if (transition !== 'activated') {
      this.mail.send(tx, {
        template: 'subscriptionChanged',
        to: order.customerEmail,
        props: {
          ...orderMailProps(payload),
          change: transition,
          by,
          reason,
          endsAt: endsAt ? formatOrderDate(endsAt) : null,
          ordersUrl: ordersUrl(this.mail),
        },
      });
    }
    const notice = subscriptionAdminNotice(transition, {
      ...change,
      customerName: order.customerName,
    });
    if (notice) await this.mails.toAdmins(tx, payload, notice.headline, notice.detail);
  }
}

export const SUBSCRIPTION_EVENT_HANDLERS = [
  ApplySubscriptionCharge,
  NotifySubscriptionPaymentFailed,
  NotifySubscriptionStatusChanged,
];
