import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { NOTIFICATION_RESULTS, type NotificationResult } from '../../../contracts/payments.js';

export const NOTIFICATION_CHANNELS = ['ipn', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * A message PayPal posted (an IPN message or a webhook event), kept byte for byte as received with the
 * fields the admin screens list, and what its verification found.
 */
export const PaymentNotificationSchema = defineEntity({
  name: 'PaymentNotification',
  tableName: 'payment_notification',
  properties: {
    id: p.uuid().primary(),
    channel: p.enum(NOTIFICATION_CHANNELS),
    raw: p.blob(),
    receivedAt: p.datetime(),
    orderId: p.uuid().nullable(),
    txnId: p.string().length(64).nullable(),
    paymentStatus: p.string().length(64).nullable(),
    /** A webhook event's id (PayPal sends an event again with the same id) and type. */
    eventId: p.string().length(128).nullable(),
    eventType: p.string().length(64).nullable(),
    /** A webhook's PAYPAL-* headers, which its signature check needs. */
    headers: p.json<Record<string, string>>().nullable(),
    result: p.enum(NOTIFICATION_RESULTS),
    detail: p.text().nullable(),
    verifiedAt: p.datetime().nullable(),
  },
});

/** What applying a verified message found, as the admins read it. */
export interface NotificationOutcome {
  result: Exclude<NotificationResult, 'pending' | 'failed' | 'verified'>;
  detail: string | null;
  /** The order the message turned out to be about, when the message itself did not name it. */
  orderId?: string | null;
}

/** A verification can be asked for again unless the message was applied or is being verified. */
const VERIFIABLE_AGAIN: readonly NotificationResult[] = ['failed', 'invalid', 'mismatch'];

export class PaymentNotification extends PaymentNotificationSchema.class {
  static received(
    fields: Pick<
      PaymentNotification,
      | 'channel'
      | 'raw'
      | 'orderId'
      | 'txnId'
      | 'paymentStatus'
      | 'eventId'
      | 'eventType'
      | 'headers'
    >,
    at: Date,
  ): PaymentNotification {
    const notification = new PaymentNotification();
    Object.assign(notification, {
      id: randomUUID(),
      ...fields,
      receivedAt: at,
      result: 'pending',
      detail: null,
      verifiedAt: null,
    } satisfies Partial<PaymentNotification>);
    return notification;
  }

  /** The message byte for byte as PayPal posted it. */
  bytes(): Buffer {
    return Buffer.isBuffer(this.raw) ? this.raw : Buffer.from(this.raw);
  }

  /** Not verified and applied yet (a failed verification is retried). */
  awaitsVerification(): boolean {
    return this.result === 'pending' || this.result === 'failed';
  }

  /** PayPal could not be reached: shown to the admins while the verification is retried. */
  verificationFailed(detail: string): void {
    this.result = 'failed';
    this.detail = detail;
  }

  settle(outcome: NotificationOutcome, at: Date): void {
    this.result = outcome.result;
    this.detail = outcome.detail;
    this.verifiedAt = at;
    if (outcome.orderId) this.orderId = outcome.orderId;
  }

  /** The admins asked for it to be verified again; false when there is nothing to verify again. */
  verifyAgain(): boolean {
    if (!VERIFIABLE_AGAIN.includes(this.result)) return false;
    this.result = 'pending';
    this.detail = 'Verification asked for again';
    return true;
  }
}
PaymentNotificationSchema.setClass(PaymentNotification);
