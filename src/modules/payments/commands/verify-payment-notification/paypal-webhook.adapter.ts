import { Injectable } from '@nestjs/common';
import type { PaymentNotification } from '../../domain/payment-notification.entity.js';
import type { DisputeOutcome, PaymentReport, PaypalOrderRef } from '../../domain/payment-report.js';
import { snapshotOfWebhook, type WebhookSubscription } from '../../domain/subscription-snapshot.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';
import type { NotificationAdapter, Verdict } from './notification-adapter.js';

interface Money {
  value?: string;
  currency_code?: string;
}
/**
 * The parts of a webhook event's resource the shop reads (a capture, refund, order, dispute,
 * subscription or sale).
 */
interface Resource extends WebhookSubscription {
  id?: string;
  status?: string;
  amount?: Money & { total?: string; currency?: string };
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: { rel?: string; href?: string }[];
  dispute_id?: string;
  reason?: string;
  dispute_amount?: Money;
  disputed_transactions?: { seller_transaction_id?: string; custom?: string }[];
  dispute_outcome?: { outcome_code?: string };
  /** A sale (PAYMENT.SALE.*): its amount, state and subscription. */
  state?: string;
  billing_agreement_id?: string;
  create_time?: string;
}
export interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: Resource;
}

/**
 * PayPal's dispute outcomes (Disputes API `dispute_outcome.outcome_code`): the seller keeps the money,
 * or the buyer is refunded. NONE names no outcome: nothing changes.
 */
const DISPUTE_OUTCOMES: Record<string, DisputeOutcome> = {
  RESOLVED_SELLER_FAVOUR: 'seller',
  // PayPal paid the buyer out of its own funds, or the buyer's claim was dropped or denied.
  RESOLVED_WITH_PAYOUT: 'seller',
  CANCELED_BY_BUYER: 'seller',
  DENIED: 'seller',
  RESOLVED_BUYER_FAVOUR: 'refunded',
  // The seller accepted the claim: the buyer is refunded.
  ACCEPTED: 'refunded',
};

export function parseWebhookEvent(raw: Buffer): WebhookEvent | null {
  try {
    const event: unknown = JSON.parse(raw.toString('utf8'));
    return event && typeof event === 'object' ? (event as WebhookEvent) : null;
  } catch {
    return null;
  }
}

/**
 * PayPal Checkout's webhook events: PayPal must confirm the event's signature
 * (verify-webhook-signature with PAYPAL_WEBHOOK_ID). Captures completed, pending, denied, reversed or
 * refunded, an approved order, and disputes are what they report.
 */
@Injectable()
export class PaypalWebhookAdapter implements NotificationAdapter {
  constructor(private readonly rest: PaypalRest) {}

  async verify(notification: PaymentNotification): Promise<Verdict> {
    const signed = await this.rest.verifyWebhookSignature(
      notification.headers ?? {},
      parseWebhookEvent(notification.bytes()) ?? {},
    );
    return signed
      ? { verified: true }
      : { verified: false, detail: 'PayPal did not confirm the signature: ignored' };
  }

  read(notification: PaymentNotification): PaymentReport {
    const event = parseWebhookEvent(notification.bytes()) ?? {};
    const resource = event.resource ?? {};
    const ref: PaypalOrderRef = {
      paypalOrderId: resource.supplementary_data?.related_ids?.order_id ?? null,
      customId: resource.custom_id ?? null,
    };
    switch (event.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
        return {
          kind: 'capture',
          ref,
          capture: {
            captureId: resource.id ?? '',
            status: resource.status ?? '',
            amount: resource.amount?.value ?? '',
            currency: resource.amount?.currency_code ?? '',
            payee: null,
          },
        };
      case 'PAYMENT.CAPTURE.DENIED':
        return { kind: 'capture-denied', captureId: resource.id ?? null, ref };
      case 'PAYMENT.CAPTURE.REVERSED':
        return { kind: 'capture-reversed', captureId: upLink(resource), ref };
      case 'PAYMENT.CAPTURE.REFUNDED':
        return {
          kind: 'refund',
          captureId: upLink(resource),
          refundId: resource.id ?? '',
          status: resource.status ?? '',
          amount: resource.amount?.value ?? '',
          ref,
        };
      case 'CHECKOUT.ORDER.APPROVED':
        return { kind: 'approved', paypalOrderId: resource.id ?? null };
      case 'CUSTOMER.DISPUTE.CREATED':
      case 'CUSTOMER.DISPUTE.UPDATED':
        return {
          kind: 'dispute',
          disputeId: resource.dispute_id ?? '',
          reason: resource.reason ?? '',
          amount: resource.dispute_amount?.value ?? '',
          currency: resource.dispute_amount?.currency_code ?? '',
          payment: disputedPayment(resource),
        };
      case 'CUSTOMER.DISPUTE.RESOLVED': {
        const code = resource.dispute_outcome?.outcome_code ?? '';
        const outcome = DISPUTE_OUTCOMES[code];
        if (!outcome) {
          return {
            kind: 'nothing',
            detail: `PayPal resolved the dispute with ${code || 'no outcome'}`,
          };
        }
        return {
          kind: 'dispute-resolved',
          disputeId: resource.dispute_id ?? null,
          outcome,
          payment: disputedPayment(resource),
        };
      }
      case 'BILLING.SUBSCRIPTION.ACTIVATED':
      case 'BILLING.SUBSCRIPTION.RE-ACTIVATED':
      case 'BILLING.SUBSCRIPTION.UPDATED':
      case 'BILLING.SUBSCRIPTION.SUSPENDED':
      case 'BILLING.SUBSCRIPTION.CANCELLED':
      case 'BILLING.SUBSCRIPTION.EXPIRED':
        return {
          kind: 'subscription',
          event: event.event_type,
          snapshot: snapshotOfWebhook(resource),
        };
      case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
        return { kind: 'subscription-payment-failed', snapshot: snapshotOfWebhook(resource) };
      case 'PAYMENT.SALE.COMPLETED': {
        if (!resource.billing_agreement_id) {
          return { kind: 'nothing', detail: 'The sale names no subscription' };
        }
        const paidAt = new Date(resource.create_time ?? '');
        return {
          kind: 'sale',
          sale: {
            saleId: resource.id ?? '',
            paypalSubscriptionId: resource.billing_agreement_id,
            amount: resource.amount?.total ?? '',
            currency: resource.amount?.currency ?? '',
            paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
          },
        };
      }
      default:
        return {
          kind: 'nothing',
          detail: `Nothing to do for ${event.event_type ?? 'an unnamed event'}`,
        };
    }
  }
}

/** The capture a refund or reversal belongs to: its link rel=up ends with the capture id. */
function upLink(resource: Resource): string | null {
  const href = resource.links?.find((link) => link.rel === 'up')?.href;
  return href?.split('/').filter(Boolean).at(-1) ?? null;
}

/** A dispute names the capture it disputes (seller_transaction_id) and, often, our custom id. */
function disputedPayment(resource: Resource) {
  const [transaction] = resource.disputed_transactions ?? [];
  return {
    transactionId: transaction?.seller_transaction_id ?? null,
    orderId: transaction?.custom ?? null,
  };
}
