import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { orderPagePath } from '../../../contracts/order-thread.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { ListAdminRecipientsQuery } from '../../identity/index.js';
import { takeCustomerMail } from '../domain/thread-store.js';

/**
 * A customer's message reaches every admin by e-mail (the ADMIN_EMAIL addresses and every admin user,
 * once each), with a link to the order page; the live feed announces it too (notifications). The
 * agency's messages are e-mailed to the customer in batches (below); internal notes to nobody.
 */
@Injectable()
@HandlesDomainEvent('OrderMessagePosted')
export class NotifyAdminsOfOrderMessage implements DomainEventHandler<'OrderMessagePosted'> {
  constructor(
    private readonly mail: Mailer,
    private readonly queryBus: QueryBus,
  ) {}

  async handle(event: DomainEventJob<'OrderMessagePosted'>, tx: EntityManager): Promise<void> {
    const message = event.payload;
    if (message.author !== 'customer') return;
    const admins = await this.queryBus.execute(new ListAdminRecipientsQuery());
    const props = {
      customerName: message.customerName,
      customerEmail: message.customerEmail,
      packageName: message.packageName,
      body: message.body,
      attachmentNames: message.attachmentNames,
      orderUrl: this.mail.link(orderPagePath(message.orderId)),
    };
    for (const admin of admins) {
      this.mail.send(tx, { template: 'threadMessageToAdmin', to: admin, props });
    }
  }
}

/**
 * ORDER_MESSAGE_EMAIL_DELAY_MS after the agency's first message since the customer's last e-mail:
 * one e-mail listing the agency's messages the customer has neither read nor been e-mailed yet,
 * with the order page's link; nothing when they read them all meanwhile.
 */
@Injectable()
@HandlesDomainEvent('OrderMessagesMailDue')
export class SendOrderMessagesToCustomer implements DomainEventHandler<'OrderMessagesMailDue'> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'OrderMessagesMailDue'>, tx: EntityManager): Promise<void> {
    const order = event.payload;
    const messages = await takeCustomerMail(tx, order.orderId);
    if (messages.length === 0) return;
    this.mail.send(tx, {
      template: 'threadMessagesToCustomer',
      to: order.customerEmail,
      props: {
        customerName: order.customerName,
        packageName: order.packageName,
        messages,
        orderUrl: this.mail.link(orderPagePath(order.orderId)),
      },
    });
  }
}
