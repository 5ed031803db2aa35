import { Command } from '@nestjs/cqrs';
import type { NotificationChannel } from '../../domain/payment-notification.entity.js';

/** Why a posted message was not taken (the listener answers 400 with it). */
export type Received = { stored: true } | { stored: false; reason: string };

/**
 * PayPal posted a message to one of our listeners: an IPN message (form-encoded) or a webhook event
 * (JSON with its PAYPAL-* signature headers). `raw` is the body byte for byte.
 */
export class ReceivePaymentNotificationCommand extends Command<Received> {
  constructor(
    readonly channel: NotificationChannel,
    readonly raw: Buffer,
    readonly headers: Record<string, string> = {},
  ) {
    super();
  }
}
