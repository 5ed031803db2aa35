import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../contracts/ids.js';
import { toStorableText } from '../../../../contracts/text-fields.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { PaymentNotification } from '../../domain/payment-notification.entity.js';
import {
  PAYMENT_NOTIFICATIONS_QUEUE,
  VERIFY_PAYMENT_NOTIFICATION_JOB,
} from '../../jobs/payments.queues.js';
import { ipnFields } from '../verify-payment-notification/paypal-ipn.adapter.js';
import { parseWebhookEvent } from '../verify-payment-notification/paypal-webhook.adapter.js';
import {
  ReceivePaymentNotificationCommand,
  type Received,
} from './receive-payment-notification.command.js';

/** Shown to admins; the stored raw bytes stay exactly as received. */
const shown = (value: unknown, max: number) =>
  typeof value === 'string' ? toStorableText(value.slice(0, max)) || null : null;

/**
 * The pipeline's first step: the message is stored byte for byte, with the fields the admin screens
 * list, together with the outbox job that has the worker verify it (never lost, never verified in the
 * request). A webhook event PayPal sends again (same event id) is stored and verified once.
 */
@CommandHandler(ReceivePaymentNotificationCommand)
export class ReceivePaymentNotificationHandler implements ICommandHandler<ReceivePaymentNotificationCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ channel, raw, headers }: ReceivePaymentNotificationCommand): Promise<Received> {
    return channel === 'ipn' ? this.ipn(raw) : this.webhook(raw, headers);
  }

  private async ipn(raw: Buffer): Promise<Received> {
    if (raw.length === 0) {
      return { stored: false, reason: 'An IPN message is form-encoded and not empty' };
    }
    const fields = ipnFields(raw);
    const custom = fields.get('custom') ?? '';
    const notification = PaymentNotification.received(
      {
        channel: 'ipn',
        raw,
        orderId: isUuid(custom) ? custom : null,
        txnId: shown(fields.get('txn_id'), 64),
        paymentStatus: shown(fields.get('payment_status'), 64),
        eventId: null,
        eventType: null,
        headers: null,
      },
      new Date(),
    );
    const em = this.em.fork();
    em.persist(notification);
    await this.enqueue(em, notification.id);
    return { stored: true };
  }

  private async webhook(raw: Buffer, headers: Record<string, string>): Promise<Received> {
    const event = parseWebhookEvent(raw);
    const eventId = shown(event?.id, 128);
    if (!event || !eventId) {
      return { stored: false, reason: 'A PayPal webhook event is a JSON object with an id' };
    }
    const customId = event.resource?.custom_id;
    const notification = PaymentNotification.received(
      {
        channel: 'webhook',
        raw,
        orderId: typeof customId === 'string' && isUuid(customId) ? customId : null,
        txnId: shown(event.resource?.id, 64),
        paymentStatus: shown(event.resource?.status, 64),
        eventId,
        eventType: shown(event.event_type, 64),
        headers,
      },
      new Date(),
    );
    await this.em.fork().transactional(async (tx) => {
      // Insert-if-absent in one statement (SQL because the ORM cannot name a partial index as the
      // conflict target): PayPal's retries of one event race each other, and the unique index on
      // event_id lets exactly one of them in.
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into payment_notification
           (id, raw, received_at, order_id, txn_id, payment_status, channel, event_id, event_type, headers)
         values (?, ?, ?, ?, ?, ?, 'webhook', ?, ?, ?)
         on conflict (event_id) where event_id is not null do nothing
         returning id`,
        [
          notification.id,
          raw,
          notification.receivedAt,
          notification.orderId,
          notification.txnId,
          notification.paymentStatus,
          notification.eventId,
          notification.eventType,
          JSON.stringify(headers),
        ],
      );
      if (inserted.length > 0) await this.enqueue(tx, notification.id);
    });
    return { stored: true };
  }

  /** The verification job, written with the message; the relay is woken once they commit. */
  private async enqueue(em: EntityManager, notificationId: string): Promise<void> {
    this.outbox.enqueue(em, PAYMENT_NOTIFICATIONS_QUEUE.name, VERIFY_PAYMENT_NOTIFICATION_JOB, {
      notificationId,
    });
    await this.outbox.commit(em, []);
  }
}
