import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OutboxLedger } from '../../../../platform/outbox/outbox-ledger.js';
import {
  type NotificationChannel,
  type NotificationOutcome,
  PaymentNotification,
} from '../../domain/payment-notification.entity.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';
import { PaypalCapture } from '../capture-paypal-order/paypal-capture.js';
import { ApplyPaymentReport, fromSettled } from './apply-payment-report.js';
import type { NotificationAdapter } from './notification-adapter.js';
import { PaypalIpnAdapter } from './paypal-ipn.adapter.js';
import { PaypalWebhookAdapter } from './paypal-webhook.adapter.js';
import { VerifyPaymentNotificationCommand } from './verify-payment-notification.command.js';

/**
 * The notification pipeline after `receive → store`: verify → apply, for IPN and webhook alike (each
 * channel's adapter asks PayPal and reads the message). PayPal is called with no transaction open and
 * no connection held (up to 15 s); what it confirmed is applied in one short transaction, which also
 * records the job as processed and settles the message under its row lock: a message verified twice
 * at once, or a job run again, is applied once. An unverified message changes nothing and is kept,
 * marked invalid, for the admins. PayPal unreachable: the message shows it, and the job is retried.
 */
@CommandHandler(VerifyPaymentNotificationCommand)
export class VerifyPaymentNotificationHandler implements ICommandHandler<VerifyPaymentNotificationCommand> {
  private readonly logger = new Logger('VerifyPaymentNotification');
  private readonly adapters: Record<NotificationChannel, NotificationAdapter>;

  constructor(
    private readonly em: EntityManager,
    private readonly ledger: OutboxLedger,
    private readonly applier: ApplyPaymentReport,
    private readonly capture: PaypalCapture,
    ipn: PaypalIpnAdapter,
    webhook: PaypalWebhookAdapter,
  ) {
    this.adapters = { ipn, webhook };
  }

  async execute({ notificationId, jobId }: VerifyPaymentNotificationCommand): Promise<void> {
    const notification = await this.em.fork().findOne(PaymentNotification, { id: notificationId });
    if (!notification?.awaitsVerification()) return;
    const adapter = this.adapters[notification.channel];

    let verdict;
    try {
      verdict = await adapter.verify(notification);
    } catch (error) {
      const detail = `PayPal could not be reached (${error instanceof Error ? error.message : String(error)}); retrying`;
      this.logger.warn({ notificationId }, detail);
      // Shown to the admins meanwhile; a message settled by another run keeps its outcome.
      await this.em
        .fork()
        .nativeUpdate(
          PaymentNotification,
          { id: notificationId, result: { $in: ['pending', 'failed'] } },
          { result: 'failed', detail },
        );
      throw error;
    }
    if (!verdict.verified) {
      await this.settle(jobId, notificationId, async () => ({
        result: 'invalid',
        detail: verdict.detail,
      }));
      return;
    }

    const report = adapter.read(notification);
    if (report.kind === 'approved') {
      const outcome = await this.captureApproved(report.paypalOrderId);
      await this.settle(jobId, notificationId, async () => outcome);
      return;
    }
    const context = await this.applier.prepare(report);
    await this.settle(jobId, notificationId, (tx, stored) =>
      this.applier.apply(tx, report, stored, context),
    );
  }

  /**
   * The buyer approved but the capture never came (a closed tab): captured now, outside any
   * transaction. A retry of the job names the same capture request, so PayPal captures once.
   */
  private async captureApproved(paypalOrderId: string | null): Promise<NotificationOutcome> {
    const paypalOrder = paypalOrderId
      ? await this.em.fork().findOne(PaypalOrder, { paypalOrderId })
      : null;
    if (!paypalOrder) return { result: 'mismatch', detail: 'The PayPal order is not one of ours' };
    if (!paypalOrder.isOpen()) {
      return {
        result: 'recorded',
        detail: `Already ${paypalOrder.status.toLowerCase()}`,
        orderId: paypalOrder.orderId,
      };
    }
    const captured = await this.capture.captureIfPayable(paypalOrder, 'webhook');
    return { ...fromSettled(captured), orderId: paypalOrder.orderId };
  }

  /** The apply step: one short transaction, once per job, once per message. */
  private async settle(
    jobId: string,
    notificationId: string,
    apply: (tx: EntityManager, notification: PaymentNotification) => Promise<NotificationOutcome>,
  ): Promise<void> {
    await this.ledger.runOnce(jobId, VerifyPaymentNotificationHandler.name, async (tx) => {
      const notification = await tx.findOne(
        PaymentNotification,
        { id: notificationId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!notification?.awaitsVerification()) return;
      notification.settle(await apply(tx, notification), new Date());
      await tx.flush();
    });
  }
}
