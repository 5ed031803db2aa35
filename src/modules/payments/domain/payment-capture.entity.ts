import { defineEntity, p } from '@mikro-orm/core';

export const CAPTURE_SOURCES = ['capture', 'webhook', 'reconciliation'] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

/**
 * A PayPal Checkout capture applied to an order, once: its id is the primary key, whichever of the
 * capture answer, a webhook or reconciliation reports it first.
 */
export const PaymentCaptureSchema = defineEntity({
  name: 'PaymentCapture',
  tableName: 'payment_capture',
  properties: {
    captureId: p.string().length(64).primary(),
    orderId: p.uuid(),
    amount: p.decimal('string').precision(12).scale(2),
    source: p.enum(CAPTURE_SOURCES),
    appliedAt: p.datetime(),
  },
});

export class PaymentCapture extends PaymentCaptureSchema.class {}
PaymentCaptureSchema.setClass(PaymentCapture);
