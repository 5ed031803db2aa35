import type { OrderMailProps } from '../../../contracts/orders.js';
import type { SubscriptionActor } from '../../../contracts/subscriptions.js';

/**
 * What happened to a monthly order's subscription, as its customer is told: cancelled (no further
 * charges; the service runs to `endsAt`), paused (by the agency), suspended (by PayPal after failed
 * charges), resumed, or ended (expired).
 */
export type SubscriptionChange = 'cancelled' | 'paused' | 'suspended' | 'resumed' | 'ended';

/** The e-mails about orders (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    orderPlaced: OrderMailProps & { payUrl: string };
    orderReminder: OrderMailProps & { payUrl: string };
    /** With the payment's invoice (its PDF's URL and number) when it has one. */
    orderReceipt: OrderMailProps & {
      ordersUrl: string;
      invoiceUrl: string | null;
      invoiceNumber: string | null;
    };
    orderDelivered: OrderMailProps & { ordersUrl: string };
    orderRefunded: OrderMailProps & { ordersUrl: string };
    /** An admin cancelled the order: why (the reason they gave). */
    orderCancelled: OrderMailProps & { ordersUrl: string; reason: string | null };
    orderAdmin: OrderMailProps & { headline: string; detail: string; orderUrl: string };
    /** A later month's charge of a monthly order: its amount, its own invoice, the next billing date. */
    subscriptionReceipt: OrderMailProps & {
      /** 2 for the second month's charge, … */
      month: number;
      /** What PayPal took: an exact decimal string with two places. */
      amount: string;
      ordersUrl: string;
      invoiceUrl: string | null;
      invoiceNumber: string | null;
      /** MM/DD/YYYY, when PayPal said. */
      nextBillingDate: string | null;
    };
    /** PayPal could not take a monthly charge: where to fix it at PayPal (PayPal retries). */
    subscriptionPaymentFailed: OrderMailProps & {
      fixUrl: string;
      failedPayments: number;
      ordersUrl: string;
    };
    /** The subscription was cancelled, paused, suspended, resumed or ended: by whom, until when. */
    subscriptionChanged: OrderMailProps & {
      change: SubscriptionChange;
      by: SubscriptionActor;
      reason: string | null;
      /** MM/DD/YYYY: a cancelled subscription's service runs until then. */
      endsAt: string | null;
      ordersUrl: string;
    };
  }
}
