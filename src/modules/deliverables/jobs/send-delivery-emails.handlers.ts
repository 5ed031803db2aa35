import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Mailer } from '../../../platform/mail/mail.port.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { ListAdminRecipientsQuery } from '../../identity/index.js';
import { orderMailProps } from '../../orders/index.js';
import type { DeliveryPayload } from '../domain/deliverables.events.js';

/** The e-mails about deliveries, each written in the handler's transaction (sent by the mail queue). */
@Injectable()
export class DeliveryMails {
  constructor(
    private readonly mail: Mailer,
    private readonly queryBus: QueryBus,
  ) {}

  /** The order page, where the customer and the admins read the deliveries. */
  orderUrl(orderId: string): string {
    return this.mail.link(`/orders/${orderId}`);
  }

  workDelivered(tx: EntityManager, event: DomainEventJob<'WorkDelivered'>['payload']): void {
    this.mail.send(tx, {
      template: 'workDelivered',
      to: event.customerEmail,
      props: {
        ...orderMailProps(event),
        round: event.round,
        note: event.note,
        filenames: event.filenames,
        orderUrl: this.orderUrl(event.orderId),
      },
    });
  }

  /** To the ADMIN_EMAIL addresses and every admin user, once each (as the other admin e-mails). */
  async toAdmins(
    tx: EntityManager,
    order: DeliveryPayload,
    headline: string,
    detail: string,
  ): Promise<void> {
    const admins = await this.queryBus.execute(new ListAdminRecipientsQuery());
    const props = {
      ...orderMailProps(order),
      headline,
      detail,
      orderUrl: this.orderUrl(order.orderId),
    };
    for (const admin of admins) this.mail.send(tx, { template: 'orderAdmin', to: admin, props });
  }
}

/** Files were delivered: the customer is e-mailed the note, the files' names and the order's link. */
@Injectable()
@HandlesDomainEvent('WorkDelivered')
export class SendWorkDeliveredEmail implements DomainEventHandler<'WorkDelivered'> {
  constructor(private readonly mails: DeliveryMails) {}

  handle(event: DomainEventJob<'WorkDelivered'>, tx: EntityManager): Promise<void> {
    this.mails.workDelivered(tx, event.payload);
    return Promise.resolve();
  }
}

/** The customer asked for changes: the admins are told what. */
@Injectable()
@HandlesDomainEvent('DeliveryChangesRequested')
export class SendChangesRequestedEmails implements DomainEventHandler<'DeliveryChangesRequested'> {
  constructor(private readonly mails: DeliveryMails) {}

  handle(event: DomainEventJob<'DeliveryChangesRequested'>, tx: EntityManager): Promise<void> {
    const { customerName, round, message } = event.payload;
    return this.mails.toAdmins(
      tx,
      event.payload,
      'Changes requested',
      `${customerName} asked for changes to delivery ${round}: ${message}`,
    );
  }
}

/** The customer approved (or nobody answered in time): the admins are told. */
@Injectable()
@HandlesDomainEvent('DeliveryApproved')
export class SendDeliveryApprovedEmails implements DomainEventHandler<'DeliveryApproved'> {
  constructor(private readonly mails: DeliveryMails) {}

  handle(event: DomainEventJob<'DeliveryApproved'>, tx: EntityManager): Promise<void> {
    const { customerName, round, by } = event.payload;
    return by === 'customer'
      ? this.mails.toAdmins(
          tx,
          event.payload,
          'Delivery approved',
          `${customerName} approved delivery ${round}: the order is Delivered.`,
        )
      : this.mails.toAdmins(
          tx,
          event.payload,
          'Delivery approved automatically',
          `${customerName} did not answer delivery ${round} in time: it was approved automatically and the order is Delivered.`,
        );
  }
}

export const DELIVERY_MAIL_PROVIDERS = [
  DeliveryMails,
  SendWorkDeliveredEmail,
  SendChangesRequestedEmails,
  SendDeliveryApprovedEmails,
];
