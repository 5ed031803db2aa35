import { formatMoney, formatOrderDate } from '../../../contracts/orders.js';
import type { SubscriptionActor, SubscriptionStatus } from '../../../contracts/subscriptions.js';
import type { ActivityActor } from '../../../contracts/workspace.js';
import type { SubscriptionChange } from './orders.mails.js';

/**
 * What a monthly order's subscription events mean for the order: the invoice's line of each charge,
 * and who is told what of a status change (the customer's e-mail, the admins', the timeline). Pure:
 * the handlers in jobs/apply-subscription-events.handlers.ts apply them.
 */

/** A charge's invoice line, naming its month: "Premium — monthly plan, month 2". */
export const monthlyInvoiceLine = (packageName: string, month: number): string =>
  `${packageName} — monthly plan, month ${month}`;

/** The timeline's actor of a subscription's change: PayPal's is the system's. */
const ACTOR: Record<SubscriptionActor, ActivityActor> = {
  paypal: 'system',
  customer: 'customer',
  admin: 'admin',
};

/** A status change, as the order reads it: the customer's e-mail's words, or its activation. */
export type SubscriptionTransition = SubscriptionChange | 'activated';

/**
 * What a status change is: activated (approved at PayPal: the first charge's receipt tells the
 * customer), cancelled, paused (by the agency or the customer), suspended (by PayPal, after failed
 * charges), resumed, ended. Null when nothing changed (a status reported again).
 */
export function subscriptionTransition(
  from: SubscriptionStatus,
  to: SubscriptionStatus,
  by: SubscriptionActor,
): SubscriptionTransition | null {
  if (from === to) return null;
  switch (to) {
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
      return 'ended';
    case 'SUSPENDED':
      return by === 'paypal' ? 'suspended' : 'paused';
    case 'ACTIVE':
      return from === 'SUSPENDED' ? 'resumed' : 'activated';
    case 'APPROVAL_PENDING':
      return null;
  }
}

/** A status change as its event names it. */
export interface StatusChange {
  to: SubscriptionStatus;
  by: SubscriptionActor;
  reason: string | null;
  /** ISO: a cancelled subscription's service runs until then. */
  endsAt: string | null;
  /** The subscription's monthly price (exact). */
  price: string;
}

/** " (reason)" when one was given. */
const because = (reason: string | null) => (reason?.trim() ? ` (${reason.trim()})` : '');

/** The change's line on the order's timeline, and who made it. */
export function subscriptionTimelineEntry(
  transition: SubscriptionTransition,
  change: StatusChange,
): { actor: ActivityActor; text: string } {
  const actor = ACTOR[change.by];
  const byPaypal = change.by === 'paypal' ? ' by PayPal' : '';
  switch (transition) {
    case 'activated':
      return {
        actor,
        text: `Monthly plan active at PayPal (${formatMoney(change.price)}/month)`,
      };
    case 'cancelled':
      return {
        actor,
        text: `Monthly plan cancelled${byPaypal}${because(change.reason)}${
          change.endsAt ? `: the service continues until ${formatOrderDate(change.endsAt)}` : ''
        }`,
      };
    case 'paused':
      return { actor, text: `Monthly plan paused${because(change.reason)}` };
    case 'suspended':
      return { actor, text: 'Monthly plan suspended by PayPal after failed payments' };
    case 'resumed':
      return { actor, text: `Monthly plan resumed${byPaypal}${because(change.reason)}` };
    case 'ended':
      return { actor, text: 'Monthly plan ended' };
  }
}

/**
 * What the admins hear of a change, if anything: the customer's cancel, and what PayPal did on its
 * own (a suspension after failed charges, a cancel). Their own pauses and cancels they know of.
 */
export function subscriptionAdminNotice(
  transition: SubscriptionTransition,
  change: StatusChange & { customerName: string },
): { headline: string; detail: string } | null {
  if (transition === 'cancelled' && change.by === 'customer') {
    return {
      headline: 'Subscription cancelled',
      detail: `${change.customerName} cancelled the monthly plan (${formatMoney(change.price)}/month): nothing more is charged${
        change.endsAt ? `; the service continues until ${formatOrderDate(change.endsAt)}` : ''
      }.`,
    };
  }
  if (change.by !== 'paypal') return null;
  if (transition === 'suspended') {
    return {
      headline: 'Subscription suspended',
      detail: `PayPal suspended the monthly plan after its payments failed; ${change.customerName} was e-mailed how to fix the payment at PayPal.`,
    };
  }
  if (transition === 'cancelled') {
    return {
      headline: 'Subscription cancelled',
      detail: `PayPal cancelled the monthly plan${because(change.reason)}: nothing more is charged.`,
    };
  }
  return null;
}

/** The line of a later month's charge on the timeline. */
export const chargeTimelineText = (month: number, amount: string, invoiceNumber: string): string =>
  `Paid month ${month}: ${formatMoney(amount)} through PayPal (invoice ${invoiceNumber})`;

/** The line of a failed charge on the timeline. */
export const failedChargeTimelineText = (failedPayments: number): string =>
  `PayPal could not take the monthly payment (${failedPayments} failed ${
    failedPayments === 1 ? 'attempt' : 'attempts'
  }); PayPal retries, the customer was e-mailed how to fix it`;
