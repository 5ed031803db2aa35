import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { formatOrderDate } from '../../../contracts/orders.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import { ListAdminRecipientsQuery } from '../../identity/index.js';
import { isPayable, Order } from '../domain/order.entity.js';
import { type OrderPayload, orderPayload } from '../domain/orders.events.js';

const mailProps = (order: OrderPayload) => ({
  orderId: order.orderId,
  packageName: order.packageName,
  packagePrice: order.packagePrice,
  customerName: order.customerName,
  customerEmail: order.customerEmail,
  orderDate: formatOrderDate(order.orderDate),
});

/** The e-mails about orders, each written in the handler's transaction (sent once, by the mail queue). */
@Injectable()
export class OrderMails {
  constructor(
    private readonly mail: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queryBus: QueryBus,
  ) {}

  toCustomer(
    tx: EntityManager,
    order: OrderPayload,
    template: 'orderPlaced' | 'orderReminder' | 'orderReceipt' | 'orderDelivered' | 'orderRefunded',
  ): void {
    const props = mailProps(order);
    if (template === 'orderPlaced' || template === 'orderReminder') {
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
    const adminUsers = await this.queryBus.execute(new ListAdminRecipientsQuery());
    const admins = new Set([...this.config.ADMIN_EMAIL, ...adminUsers].map((a) => a.toLowerCase()));
    const props = {
      ...mailProps(order),
      headline,
      detail,
      orderUrl: this.mail.link(`/admin/payment-status/${order.orderId}`),
    };
    for (const admin of admins) this.mail.send(tx, { template: 'orderAdmin', to: admin, props });
  }
}

@Injectable()
@HandlesDomainEvent('OrderPlaced')
export class SendOrderPlacedEmails implements DomainEventHandler<'OrderPlaced'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderPlaced'>, tx: EntityManager): Promise<void> {
    this.mails.toCustomer(tx, event.payload, 'orderPlaced');
    await this.mails.toAdmins(
      tx,
      event.payload,
      'New order',
      `${event.payload.customerName} ordered the ${event.payload.packageName} package.`,
    );
  }
}

@Injectable()
@HandlesDomainEvent('OrderPaid')
export class SendOrderPaidEmails implements DomainEventHandler<'OrderPaid'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderPaid'>, tx: EntityManager): Promise<void> {
    this.mails.toCustomer(tx, event.payload, 'orderReceipt');
    const via =
      event.payload.paidVia === 'paypal'
        ? 'through PayPal'
        : 'outside PayPal (recorded by an admin)';
    await this.mails.toAdmins(
      tx,
      event.payload,
      'Payment received',
      `${event.payload.customerName} paid $${event.payload.packagePrice} ${via}.`,
    );
  }
}

@Injectable()
@HandlesDomainEvent('OrderCancelled')
export class SendOrderCancelledEmails implements DomainEventHandler<'OrderCancelled'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderCancelled'>, tx: EntityManager): Promise<void> {
    const { by, reason, customerName } = event.payload;
    await this.mails.toAdmins(
      tx,
      event.payload,
      'Order cancelled',
      by === 'customer'
        ? `${customerName} cancelled the payment at PayPal.`
        : `An admin cancelled it: ${reason ?? 'no reason given'}.`,
    );
  }
}

@Injectable()
@HandlesDomainEvent('OrderDelivered')
export class SendOrderDeliveredEmail implements DomainEventHandler<'OrderDelivered'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderDelivered'>, tx: EntityManager): Promise<void> {
    this.mails.toCustomer(tx, event.payload, 'orderDelivered');
  }
}

@Injectable()
@HandlesDomainEvent('OrderRefunded')
export class SendOrderRefundedEmails implements DomainEventHandler<'OrderRefunded'> {
  constructor(private readonly mails: OrderMails) {}

  async handle(event: DomainEventJob<'OrderRefunded'>, tx: EntityManager): Promise<void> {
    this.mails.toCustomer(tx, event.payload, 'orderRefunded');
    await this.mails.toAdmins(
      tx,
      event.payload,
      'Payment refunded',
      `$${event.payload.packagePrice} was refunded to ${event.payload.customerName} through PayPal.`,
    );
  }
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
    this.mails.toCustomer(tx, orderPayload(order), 'orderReminder');
  }
}

export const ORDER_MAIL_PROVIDERS = [
  OrderMails,
  SendOrderPlacedEmails,
  SendOrderPaidEmails,
  SendOrderCancelledEmails,
  SendOrderDeliveredEmail,
  SendOrderRefundedEmails,
  SendUnpaidReminder,
];
