import type { PaypalMode } from '../../../contracts/payments.js';
import { PAYPAL_SIMULATOR_ROOT } from '../../../contracts/paypal-simulator.js';
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../../contracts/subscriptions.js';

/**
 * A PayPal subscription as PayPal showed it at one moment (a webhook's resource or a GET), in the
 * shop's terms. `statusUpdatedAt` orders snapshots: an older one than the state applied changes
 * nothing.
 */
export interface SubscriptionSnapshot {
  paypalSubscriptionId: string;
  customId: string | null;
  planId: string | null;
  status: SubscriptionStatus | null;
  statusUpdatedAt: Date | null;
  startedAt: Date | null;
  nextBillingAt: Date | null;
  failedPayments: number;
  lastFailedAt: Date | null;
}

/** One charge PayPal took (PAYMENT.SALE.COMPLETED, or a COMPLETED transaction of the subscription). */
export interface ReportedSale {
  saleId: string;
  paypalSubscriptionId: string;
  amount: string;
  currency: string;
  paidAt: Date;
}

const date = (value: string | undefined | null): Date | null => {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

const status = (value: string | undefined | null): SubscriptionStatus | null =>
  SUBSCRIPTION_STATUSES.find((known) => known === value) ?? null;

/** The subscription object as the SDK reads it (camelCase). */
export interface SdkSubscription {
  id?: string;
  planId?: string;
  customId?: string;
  status?: string;
  statusUpdateTime?: string;
  startTime?: string;
  billingInfo?: {
    nextBillingTime?: string;
    failedPaymentsCount?: number;
    lastFailedPayment?: { time?: string };
  };
}

/** The subscription object as a webhook carries it (PayPal's snake_case JSON). */
export interface WebhookSubscription {
  id?: string;
  plan_id?: string;
  custom_id?: string;
  status?: string;
  status_update_time?: string;
  start_time?: string;
  billing_info?: {
    next_billing_time?: string;
    failed_payments_count?: number;
    last_failed_payment?: { time?: string };
  };
}

export function snapshotOfSdk(found: SdkSubscription): SubscriptionSnapshot {
  return {
    paypalSubscriptionId: found.id ?? '',
    customId: found.customId ?? null,
    planId: found.planId ?? null,
    status: status(found.status),
    statusUpdatedAt: date(found.statusUpdateTime),
    startedAt: date(found.startTime),
    nextBillingAt: date(found.billingInfo?.nextBillingTime),
    failedPayments: found.billingInfo?.failedPaymentsCount ?? 0,
    lastFailedAt: date(found.billingInfo?.lastFailedPayment?.time),
  };
}

export function snapshotOfWebhook(resource: WebhookSubscription): SubscriptionSnapshot {
  return {
    paypalSubscriptionId: resource.id ?? '',
    customId: resource.custom_id ?? null,
    planId: resource.plan_id ?? null,
    status: status(resource.status),
    statusUpdatedAt: date(resource.status_update_time),
    startedAt: date(resource.start_time),
    nextBillingAt: date(resource.billing_info?.next_billing_time),
    failedPayments: resource.billing_info?.failed_payments_count ?? 0,
    lastFailedAt: date(resource.billing_info?.last_failed_payment?.time),
  };
}

/** Where the customer updates their payment method for a subscription at PayPal (or the simulator). */
export function fixPaymentUrl(
  mode: PaypalMode,
  publicUrl: string,
  paypalSubscriptionId: string,
): string {
  const path = `myaccount/autopay/connect/${encodeURIComponent(paypalSubscriptionId)}`;
  switch (mode) {
    case 'simulator':
      return new URL(`${PAYPAL_SIMULATOR_ROOT}/${path}`, publicUrl).toString();
    case 'sandbox':
      return `https://www.sandbox.paypal.com/${path}`;
    case 'live':
      return `https://www.paypal.com/${path}`;
  }
}
