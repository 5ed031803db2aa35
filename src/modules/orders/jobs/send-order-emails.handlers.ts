import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { DomainEventPayloads } from '../../../platform/outbox/domain-event.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import { ListAdminRecipientsQuery } from '../../identity/index.js';
import { invoiceOfOrder } from '../../invoices/index.js';
import { isPayable, Order } from '../domain/order.entity.js';
import { orderMailProps, type OrderPayload, orderPayload } from '../domain/orders.events.js';

type CustomerTemplate =
  'orderPlaced' | 'orderReminder' | 'orderReceipt' | 'orderDelivered' | 'orderRefunded';

/** The e-mails about orders, each written in the handler's transaction (sent once, by the mail queue). */
@Injectable()
export class OrderMails {
  constructor(
    private readonly mail: Mailer,
    private readonly queryBus: QueryBus,
  ) {}

  /** An admin cancelled the customer's order: the customer is told, with the reason given. */
  cancelledToCustomer(tx: EntityManager, order: OrderPayload, reason: string | null): void {
    this.mail.send(tx, {
      template: 'orderCancelled',
      to: order.customerEmail,
      props: { ...orderMailProps(order), reason, ordersUrl: this.mail.link('/my-order') },
    });
  }

  async toCustomer(
    tx: EntityManager,
    order: OrderPayload,
    template: CustomerTemplate,
  ): Promise<void> {
    const props = orderMailProps(order);
    if (template === 'orderReceipt') {
      // The invoice was issued in the payment's transaction, before this event was handled.
      const invoice = await invoiceOfOrder(tx, order.orderId);
      this.mail.send(tx, {
        template,
        to: order.customerEmail,
        props: {
          ...props,
          ordersUrl: this.mail.link('/my-order'),
          invoiceUrl: invoice && this.mail.link(`/api/invoices/${invoice.id}.pdf`),
          invoiceNumber: invoice?.number ?? null,
        },
      });
    } else if (template === 'orderPlaced' || template === 'orderReminder') {
      this.mail.send(tx, {
        template,
        to: order.customerEmail,
        props: { ...props, payUrl: this.mail.link(`/pay-now/${order.orderId}`) },
      });
    } else {
      this.mail.send(tx, {
        template,
        to: order.customerEmail,
        props: { ...props, ordersUrl: this.mail.link('/my-order') },
      });
    }
  }

  /** To the ADMIN_EMAIL addresses and every admin user, once each. */
  async toAdmins(
    tx: EntityManager,
    order: OrderPayload,
    headline: string,
    detail: string,
  ): Promise<void> {
    const admins = await this.queryBus.execute(new ListAdminRecipientsQuery());
    const props = {
      ...orderMailProps(order),
      headline,
      detail,
      orderUrl: this.mail.link(`/admin/payment-status/${order.orderId}`),
    };
    for (const admin of admins) this.mail.send(tx, { template: 'orderAdmin', to: admin, props });
  }
}

type OrderMailEvent =
  'OrderPlaced' | 'OrderPaid' | 'OrderCancelled' | 'OrderDelivered' | 'OrderRefunded';

/** Who hears of an order event: the customer (by which e-mail) and the admins (in which words). */
interface OrderEventMails<Event extends OrderMailEvent> {
  /**
   * The handler's class name, the key under which the ledger records the events it handled: renaming
   * it would send the e-mails of events in flight again.
   */
  handler: string;
  customer?:
    | CustomerTemplate
    | ((tx: EntityManager, order: DomainEventPayloads[Event], mails: OrderMails) => void);
  admins?: { headline: string; detail: (order: DomainEventPayloads[Event]) => string };
}

const ORDER_EVENT_MAILS: { [Event in OrderMailEvent]: OrderEventMails<Event> } = {
  OrderPlaced: {
    handler: 'SendOrderPlacedEmails',
    customer: 'orderPlaced',
    admins: {
      headline: 'New order',
      detail: (order) => `${order.customerName} ordered the ${order.packageName} package.`,
    },
  },
  OrderPaid: {
    handler: 'SendOrderPaidEmails',
    customer: 'orderReceipt',
    admins: {
      headline: 'Payment received',
      detail: (order) =>
        `${order.customerName} paid $${order.packagePrice} ${
          order.paidVia === 'paypal' ? 'through PayPal' : 'outside PayPal (recorded by an admin)'
        }.`,
    },
  },
  OrderCancelled: {
    handler: 'SendOrderCancelledEmails',
    // The customer cancelled at PayPal themselves; an admin's cancel is news to them.
    customer: (tx, order, mails) => {
      if (order.by === 'admin') mails.cancelledToCustomer(tx, order, order.reason);
    },
    admins: {
      headline: 'Order cancelled',
      detail: ({ by, reason, customerName }) =>
        by === 'customer'
          ? `${customerName} cancelled the payment at PayPal.`
          : `An admin cancelled it: ${reason ?? 'no reason given'}.`,
    },
  },
  OrderDelivered: { handler: 'SendOrderDeliveredEmail', customer: 'orderDelivered' },
  OrderRefunded: {
    handler: 'SendOrderRefundedEmails',
    customer: 'orderRefunded',
    admins: {
      headline: 'Payment refunded',
      detail: (order) =>
        `$${order.packagePrice} was refunded to ${order.customerName} through PayPal.`,
    },
  },
};

/** The domain-event handler that sends the e-mails ORDER_EVENT_MAILS lists for one event. */
function orderEventMailer<Event extends OrderMailEvent>(type: Event) {
  const { handler, customer, admins } = ORDER_EVENT_MAILS[type];

  @Injectable()
  @HandlesDomainEvent(type)
  class SendOrderEventMails implements DomainEventHandler<Event> {
    constructor(private readonly mails: OrderMails) {}

    async handle(event: DomainEventJob<Event>, tx: EntityManager): Promise<void> {
      if (typeof customer === 'function') customer(tx, event.payload, this.mails);
      else if (customer) await this.mails.toCustomer(tx, event.payload, customer);
      if (admins) {
        await this.mails.toAdmins(tx, event.payload, admins.headline, admins.detail(event.payload));
      }
    }
  }
  Object.defineProperty(SendOrderEventMails, 'name', { value: handler });
  return SendOrderEventMails;
}

/** A day after ordering (ORDER_REMINDER_DELAY_MS), one reminder, only to an order still UnPaid. */
@Injectable()
@HandlesDomainEvent('OrderPaymentDue')
export class SendUnpaidReminder implements DomainEventHandler<'OrderPaymentDue'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderPaymentDue'>, tx: EntityManager): Promise<void> {
    const order = await tx.findOne(
      Order,
      { id: event.payload.orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order || !isPayable(order) || order.remindedAt) return;
    order.remindedAt = new Date();
    await tx.flush();
    await this.mails.toCustomer(tx, orderPayload(order), 'orderReminder');
  }
}

export const ORDER_MAIL_PROVIDERS = [
  OrderMails,
  ...(Object.keys(ORDER_EVENT_MAILS) as OrderMailEvent[]).map(orderEventMailer),
  SendUnpaidReminder,
];
