import {
  LIVE_EVENT_TYPES,
  LIVE_EVENTS_PATH,
  type LiveEvent,
  type LiveEventType,
  liveEventSchema,
} from '@contracts/live-events';
import { orderPagePath } from '@contracts/order-thread';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast';
import { TAB_ID } from '../../../lib/tab-id';

/**
 * The queries each live event makes stale, by the root of their keys. Features do not import each
 * other, so these are the other features' key roots written out; renaming one of them there means
 * renaming it here:
 * - `['orders']`: `ordersKeys.all` (features/orders/api/orders.ts): every order list, order and total;
 * - `['payments']`: the payments feature's per-order queries (features/payments);
 * - `['messages']`: `messagesKeys.all` (features/messages/api/query-keys.ts);
 * - `['admin-subscribers']`: `adminSubscribersKeys.all` (features/newsletter/api/admin-subscribers.ts);
 * - `['order-thread']`: `orderThreadKeys.all` (features/order-thread/api/order-thread.ts): every
 *   thread and the unread counts.
 */
export const STALE_QUERIES: Record<LiveEventType, QueryKey[]> = {
  'order.placed': [['orders']],
  'order.paid': [['orders'], ['payments']],
  'order.cancelled': [['orders'], ['payments']],
  'order.delivered': [['orders']],
  'payment.needs_attention': [['orders'], ['payments']],
  'payment.disputed': [['orders'], ['payments']],
  'payment.dispute_resolved': [['orders'], ['payments']],
  'message.received': [['messages']],
  'subscriber.confirmed': [['admin-subscribers']],
  'delivery.changes_requested': [['orders']],
  'order.message': [['order-thread']],
  'order.intake_submitted': [['orders'], ['intake']],
};

/** Events whose toast opens the order's page (/orders/{id}). */
const OPENS_ORDER_PAGE: ReadonlySet<LiveEventType> = new Set([
  'order.message',
  'order.intake_submitted',
]);

/** The admin's screen of one order (its payment and the 'Refund this payment' action). */
const adminOrderPath = (orderId: string) => `/admin/payment-status/${encodeURIComponent(orderId)}`;

/** What needs an admin (money to give back, a dispute to answer): a toast that stays until seen. */
const NEEDS_AN_ADMIN: ReadonlySet<LiveEventType> = new Set([
  'payment.needs_attention',
  'payment.disputed',
]);

/** Events a burst brings (a reconnection's catch-up) make one refetch per query, not one each. */
const INVALIDATE_AFTER_MS = 100;
/** An event older than this (caught up after a long disconnection) is counted in one toast. */
const OLD_EVENT_MS = 10 * 60_000;
const CAUGHT_UP_TOAST = 'live-feed-caught-up';
/**
 * After the server refused or failed the stream (EventSource gives up then), another try this much
 * later; network drops are retried by EventSource itself, with Last-Event-ID.
 */
export const REOPEN_AFTER_MS = 30_000;

/** Collects the stale key roots of a burst of events and invalidates each once. */
function staleQueries(queryClient: QueryClient) {
  const stale = new Map<string, QueryKey>();
  let timer: number | undefined;
  return {
    add(keys: QueryKey[]) {
      for (const key of keys) stale.set(JSON.stringify(key), key);
      timer ??= window.setTimeout(() => {
        timer = undefined;
        const keys = [...stale.values()];
        stale.clear();
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, INVALIDATE_AFTER_MS);
    },
    cancel() {
      window.clearTimeout(timer);
    },
  };
}

function parseLiveEvent(data: unknown): LiveEvent | undefined {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The admin live feed (GET /api/admin/events, admins only): while mounted, each new order, payment,
 * cancellation, delivery, message and confirmed subscriber shows a toast and refreshes the screens that
 * list it, except that what this tab's own requests did (TAB_ID) refreshes without a toast. Mount it
 * once, in the admin layout. EventSource reconnects by itself and then gets what it missed (it sends
 * Last-Event-ID).
 */
export function useLiveFeed(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    // Without EventSource (a test's DOM, a very old browser) the screens still load; they just do not
    // hear of changes until the next visit.
    if (typeof EventSource === 'undefined') return;
    const stale = staleQueries(queryClient);
    let source: EventSource | undefined;
    let reopen: number | undefined;
    let lastEventId = '';
    let caughtUp = 0;

    const onEvent = (message: MessageEvent) => {
      const event = parseLiveEvent(message.data);
      if (!event) return;
      lastEventId = message.lastEventId || lastEventId;
      stale.add(STALE_QUERIES[event.type]);
      // This tab's own action (its request committed the event) confirmed itself already: no echo.
      if (event.originTabId === TAB_ID) return;
      if (NEEDS_AN_ADMIN.has(event.type)) {
        // Money to give back or a dispute to answer is never folded into a count, and stays until seen.
        toast.error(event.text, {
          id: event.eventId,
          duration: Infinity,
          action: {
            label: 'Open order',
            onClick: () => window.location.assign(adminOrderPath(event.subjectId)),
          },
        });
      } else if (Date.now() - Date.parse(event.occurredAt) < OLD_EVENT_MS) {
        toast(event.text, {
          id: event.eventId,
          // A customer's message or details: its order page holds the thread and the answers.
          ...(OPENS_ORDER_PAGE.has(event.type) && {
            action: {
              label: 'Open order',
              onClick: () => window.location.assign(orderPagePath(event.subjectId)),
            },
          }),
        });
      } else {
        caughtUp += 1;
        toast(`${caughtUp} earlier update${caughtUp === 1 ? '' : 's'} loaded`, {
          id: CAUGHT_UP_TOAST,
          onDismiss: () => (caughtUp = 0),
          onAutoClose: () => (caughtUp = 0),
        });
      }
    };

    const open = () => {
      // A new EventSource does not carry the old one's Last-Event-ID: the query parameter does.
      const url = lastEventId
        ? `${LIVE_EVENTS_PATH}?${new URLSearchParams({ lastEventId })}`
        : LIVE_EVENTS_PATH;
      const current = new EventSource(url, { withCredentials: true });
      for (const type of LIVE_EVENT_TYPES) current.addEventListener(type, onEvent);
      current.onerror = () => {
        if (current.readyState === EventSource.CLOSED) {
          reopen = window.setTimeout(open, REOPEN_AFTER_MS);
        }
      };
      source = current;
    };
    open();

    return () => {
      window.clearTimeout(reopen);
      stale.cancel();
      source?.close();
    };
  }, [queryClient]);
}
