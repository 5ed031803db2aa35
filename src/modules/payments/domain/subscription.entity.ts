import { defineEntity, p } from '@mikro-orm/core';
import {
  SUBSCRIPTION_ACTORS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionActor,
  type SubscriptionStatus,
} from '../../../contracts/subscriptions.js';

/**
 * The PayPal subscription (REST Subscriptions API) made for one of our monthly orders, and where it
 * stands, kept in step with PayPal by its webhooks and by reconciliation. One per order: made (status
 * APPROVAL_PENDING) when the buyer starts subscribing; a new attempt before approval replaces the
 * PayPal id. Its price is its plan's (a price change makes a new plan for new subscribers only).
 */
export const SubscriptionSchema = defineEntity({
  name: 'Subscription',
  tableName: 'subscription',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid().unique(),
    paypalSubscriptionId: p.string().length(64).unique(),
    /** PayPal's plan id (P-…) the subscription bills by. */
    paypalPlanId: p.string().length(64),
    packageId: p.uuid(),
    packageName: p.string().length(100),
    customerEmail: p.string().length(254),
    /** The plan's monthly price: numeric(12,2), a decimal string. */
    price: p.decimal('string').precision(12).scale(2),
    currency: p.string().length(3),
    status: p.enum(SUBSCRIPTION_STATUSES),
    /** PayPal's `status_update_time` of the state last applied: an older report changes nothing. */
    statusUpdatedAt: p.datetime().nullable(),
    statusChangedBy: p.enum(SUBSCRIPTION_ACTORS).nullable(),
    startedAt: p.datetime().nullable(),
    nextBillingAt: p.datetime().nullable(),
    /** The paid period's end once cancelled: the service continues until then. */
    endsAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    suspendedAt: p.datetime().nullable(),
    /** Failed charges since the last good one (PayPal's `failed_payments_count`). */
    failedPayments: p.integer().default(0),
    lastFailedAt: p.datetime().nullable(),
    /** When reconciliation last read it from PayPal (null: never). */
    reconciledAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

/** The statuses PayPal may still bill or resume: reconciliation reads these from PayPal. */
export const OPEN_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'APPROVAL_PENDING',
  'ACTIVE',
  'SUSPENDED',
];

export class Subscription extends SubscriptionSchema.class {
  isOpen(): boolean {
    return OPEN_SUBSCRIPTION_STATUSES.includes(this.status);
  }

  /** Records who moved it to `status` (the others' fields are set by the use case that moves it). */
  moveTo(status: SubscriptionStatus, by: SubscriptionActor, at: Date): boolean {
    if (this.status === status) return false;
    this.status = status;
    this.statusChangedBy = by;
    this.updatedAt = at;
    return true;
  }
}
SubscriptionSchema.setClass(Subscription);
