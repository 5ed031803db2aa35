import { z } from 'zod';
import { TAB_ID_PATTERN } from './tab-id.js';

/**
 * The admin live feed: server-sent events on GET /api/admin/events (admins only, `text/event-stream`).
 *
 * Each event is `id: <stream id>`, `event: <type>`, `data: <LiveEvent JSON>`. A client that reconnects
 * with `Last-Event-ID` gets what it missed (the last LIVE_EVENT_HISTORY events are kept, and at most
 * the newest LIVE_EVENT_REPLAY of those it missed are sent). A comment line (`: heartbeat`) comes
 * every LIVE_HEARTBEAT_SECONDS so proxies keep the connection open.
 */

/** Where the SPA opens its EventSource. */
export const LIVE_EVENTS_PATH = '/api/admin/events';

export { TAB_ID_HEADER, TAB_ID_PATTERN } from './tab-id.js';

export const LIVE_EVENT_TYPES = [
  'order.placed',
  'order.paid',
  'order.cancelled',
  'order.delivered',
  /** Money arrived for an order that was not unpaid: kept apart, to be refunded. */
  'payment.needs_attention',
  /** The buyer disputed a payment at PayPal, which holds the money until it is resolved. */
  'payment.disputed',
  /** A dispute ended: the order is Paid again, Refunded or Reversed. */
  'payment.dispute_resolved',
  'message.received',
  'subscriber.confirmed',
  /** The customer asked for changes to delivered work (approvals are announced as order.delivered). */
  'delivery.changes_requested',
  /** A customer wrote on an order's thread (subjectId: the order). */
  'order.message',
  /** A customer sent (or corrected) an order's intake answers (subjectId: the order). */
  'order.intake_submitted',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const LIVE_HEARTBEAT_SECONDS = 15;
export const LIVE_EVENT_HISTORY = 500;
/** A reconnecting client is sent at most this many of the events it missed: the newest ones. */
export const LIVE_EVENT_REPLAY = 100;

export const liveEventSchema = z
  .object({
    type: z.enum(LIVE_EVENT_TYPES),
    /** The domain event's id: the same notification delivered twice has the same one. */
    eventId: z.uuid(),
    occurredAt: z.iso.datetime(),
    /** The order, message or subscriber concerned. */
    subjectId: z.string(),
    /** One line for the toast, e.g. "New order: Premium from Jane Doe ($99.00)". */
    text: z.string(),
    /** The tab whose request committed it (its TAB_ID_HEADER), when a tab's request did. */
    originTabId: z.string().regex(TAB_ID_PATTERN).optional(),
  })
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof liveEventSchema>;
