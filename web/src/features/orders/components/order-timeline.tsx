import { formatOrderDateTime } from '@contracts/orders';
import type { ActivityKind, OrderActivity } from '@contracts/workspace';
import { Badge } from '../../../components/ui/badge';
import { PageLoading } from '../../../components/ui/page';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { type OrderViewer, useOrderTimeline } from '../api/orders';
import './order-page.css';

/** Each kind's label and glyph (the glyph is decoration: the label says it). */
export const ACTIVITY_LOOK: Record<ActivityKind, { label: string; glyph: string; tone: string }> = {
  placed: { label: 'Order placed', glyph: '+', tone: 'neutral' },
  paid: { label: 'Paid', glyph: '$', tone: 'success' },
  cancelled: { label: 'Cancelled', glyph: '×', tone: 'muted' },
  refunded: { label: 'Refunded', glyph: '↺', tone: 'muted' },
  disputed: { label: 'Payment disputed', glyph: '!', tone: 'danger' },
  dispute_resolved: { label: 'Dispute resolved', glyph: '✓', tone: 'neutral' },
  intake_submitted: { label: 'Details sent', glyph: '✎', tone: 'accent' },
  message: { label: 'Message', glyph: '✉', tone: 'accent' },
  internal_note: { label: 'Internal note', glyph: '✱', tone: 'internal' },
  files_delivered: { label: 'Files delivered', glyph: '↓', tone: 'accent' },
  changes_requested: { label: 'Changes requested', glyph: '↻', tone: 'danger' },
  approved: { label: 'Approved', glyph: '✓', tone: 'success' },
  auto_approved: { label: 'Approved automatically', glyph: '✓', tone: 'success' },
  delivered: { label: 'Delivered', glyph: '★', tone: 'success' },
  subscription_charged: { label: 'Monthly payment', glyph: '$', tone: 'success' },
  subscription_failed: { label: 'Monthly payment failed', glyph: '!', tone: 'danger' },
  subscription_changed: { label: 'Subscription', glyph: '↻', tone: 'neutral' },
};

/** Who did it, as the viewer reads it: a customer sees "You" and "The agency", admins the e-mail. */
export function activityActor(entry: OrderActivity, viewer: OrderViewer): string {
  if (entry.actor === 'system') return 'Automatically';
  if (viewer === 'customer') return entry.actor === 'customer' ? 'You' : 'The agency';
  if (entry.actor === 'customer') return 'The customer';
  return entry.actorEmail ?? 'An admin';
}

/**
 * Everything that happened to the order, oldest first (newest last). Admins also see the internal
 * entries, marked and styled apart; a customer's list never holds them (the server leaves them out).
 */
export function OrderTimeline({ orderId, viewer }: { orderId: string; viewer: OrderViewer }) {
  const timeline = useOrderTimeline(viewer, orderId);
  if (timeline.isPending) return <PageLoading label="Loading the timeline…" />;
  if (timeline.isError) {
    return <QueryErrorAlert query={timeline} title="The timeline" />;
  }
  if (timeline.data.length === 0) {
    return <p className="order-timeline__empty">Nothing has happened to this order yet.</p>;
  }
  return (
    <ol className="order-timeline">
      {timeline.data.map((entry) => {
        const look = ACTIVITY_LOOK[entry.kind];
        return (
          <li
            key={entry.id}
            className={`order-timeline__item order-timeline__item--${look.tone}${
              entry.internal ? ' order-timeline__item--internal' : ''
            }`}
          >
            <span className="order-timeline__glyph" aria-hidden="true">
              {look.glyph}
            </span>
            <div className="order-timeline__body">
              <p className="order-timeline__head">
                <strong>{look.label}</strong>
                {entry.internal && <Badge tone="warning">Internal: admins only</Badge>}
              </p>
              <p className="order-timeline__text">{entry.text}</p>
              <p className="order-timeline__meta">
                <span>{activityActor(entry, viewer)}</span>
                {' · '}
                <time dateTime={entry.at}>{formatOrderDateTime(entry.at)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
