import { z } from 'zod';
import type { OrderStatus, PaymentStatus } from './orders.js';

/**
 * The order workspace's own stage (the spec's orderStatus and paymentStatus stay what they are): where
 * the work of a paid order stands. Only the work stages are stored (`order.work_stage`); the others
 * follow from the payment and delivery statuses.
 */
export const WORK_STAGES = [
  'awaiting_details',
  'in_progress',
  'delivered',
  'changes_requested',
] as const;
export type WorkStage = (typeof WORK_STAGES)[number];

export const ORDER_STAGES = [
  'awaiting_payment',
  ...WORK_STAGES,
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** What the customer reads. */
export const STAGE_LABELS: Record<OrderStage, string> = {
  awaiting_payment: 'Waiting for payment',
  awaiting_details: 'Waiting for your details',
  in_progress: 'In progress',
  delivered: 'Delivered: waiting for your approval',
  changes_requested: 'Changes requested',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** What the agency's admins read (the same stages, from their side). */
export const ADMIN_STAGE_LABELS: Record<OrderStage, string> = {
  ...STAGE_LABELS,
  awaiting_details: 'Waiting for the customer’s details',
  delivered: 'Delivered: waiting for approval',
};

/**
 * The stage of an order: its payment first (unpaid, cancelled, refunded), then Delivered (approved,
 * approved by the scheduled job, or set by an admin on the order list), then the stored work stage.
 */
export function orderStage(order: {
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  workStage: WorkStage;
}): OrderStage {
  switch (order.paymentStatus) {
    case 'UnPaid':
      return 'awaiting_payment';
    case 'Cancelled':
      return 'cancelled';
    case 'Refunded':
    case 'Reversed':
      return 'refunded';
    default:
      return order.orderStatus === 'Delivered' ? 'completed' : order.workStage;
  }
}

/** Everything the order's timeline shows; one row of `order_activity` each. */
export const ACTIVITY_KINDS = [
  'placed',
  'paid',
  'cancelled',
  'refunded',
  'disputed',
  'dispute_resolved',
  'intake_submitted',
  'message',
  'internal_note',
  'files_delivered',
  'changes_requested',
  'approved',
  'auto_approved',
  'delivered',
  /** A monthly order's subscription took a later month's charge (its own invoice). */
  'subscription_charged',
  /** PayPal could not take a monthly charge (it retries). */
  'subscription_failed',
  /** The subscription was activated, paused, resumed, suspended, cancelled or ended. */
  'subscription_changed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Who did it: the customer, an admin (by e-mail), or the system (PayPal's reports, scheduled jobs). */
export const ACTIVITY_ACTORS = ['customer', 'admin', 'system'] as const;
export type ActivityActor = (typeof ACTIVITY_ACTORS)[number];

/** One entry of an order's timeline, newest last. */
export const orderActivitySchema = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    kind: z.enum(ACTIVITY_KINDS),
    actor: z.enum(ACTIVITY_ACTORS),
    /** The admin's e-mail for admin entries (shown to admins only; customers read "The agency"). */
    actorEmail: z.string().nullable(),
    /** One line of plain text: 'Paid $49.00 through PayPal', 'Sent a message', 'Delivered 2 files'. */
    text: z.string(),
    /** Admins only (internal notes): never in a customer's response. */
    internal: z.boolean(),
  })
  .meta({ id: 'OrderActivity' });
export type OrderActivity = z.infer<typeof orderActivitySchema>;
