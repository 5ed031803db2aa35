import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { PaymentNotification } from '../../domain/payment-notification.entity.js';
import {
  PAYMENT_NOTIFICATIONS_QUEUE,
  VERIFY_PAYMENT_NOTIFICATION_JOB,
} from '../../jobs/payments.queues.js';
import { ReverifyPaymentNotificationCommand } from './reverify-payment-notification.command.js';

export const NOTIFICATION_NOT_FOUND = 'No such payment notification.';

/** Back to pending, with a new verification job and the admin's request in the audit log, at once. */
@CommandHandler(ReverifyPaymentNotificationCommand)
export class ReverifyPaymentNotificationHandler implements ICommandHandler<ReverifyPaymentNotificationCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ notificationId, actor }: ReverifyPaymentNotificationCommand): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const notification = await tx.findOne(
        PaymentNotification,
        { id: notificationId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!notification) throw new NotFoundException(NOTIFICATION_NOT_FOUND);
      const before = notification.result;
      if (!notification.verifyAgain()) {
        throw new ConflictException(
          `This notification is ${before}: there is nothing to verify again.`,
        );
      }
      recordAudit(tx, actor, {
        kind: 'payment.verify-again',
        targetType: 'payment-notification',
        targetId: notificationId,
        summary: `A ${notification.channel === 'webhook' ? 'webhook' : 'PayPal IPN'} notification sent to be verified again`,
        before: { result: before },
        after: { result: 'pending' },
      });
      this.outbox.enqueue(tx, PAYMENT_NOTIFICATIONS_QUEUE.name, VERIFY_PAYMENT_NOTIFICATION_JOB, {
        notificationId,
      });
      await this.outbox.commit(tx, []);
    });
  }
}
