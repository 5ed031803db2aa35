import { ORDER_THREAD_TEXTS, orderPagePath } from '@contracts/order-thread';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { type ThreadViewer, useUnreadMessages } from '../api/order-thread';
import './order-thread.css';

const TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The orders with unread messages, newest first, each linking to its order page: the agency's
 * messages on the customer's dashboard ("Unread messages"), the customers' on the admin home
 * ("Unread customer messages"). The admin home's refreshes with the live feed.
 */
export function UnreadOrderMessages({ viewer }: { viewer: ThreadViewer }) {
  const headingId = useId();
  const unread = useUnreadMessages(viewer);
  const title =
    viewer === 'admin' ? ORDER_THREAD_TEXTS.adminUnreadTitle : ORDER_THREAD_TEXTS.unreadTitle;

  return (
    <section className="card unread-messages" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title}
        {unread.data && unread.data.total > 0 && (
          <>
            {' '}
            <Badge tone="warning">{unread.data.total}</Badge>
          </>
        )}
      </h2>
      {unread.isPending ? (
        <SkeletonBlock label="Loading the unread messages" lines={2} />
      ) : unread.isError ? (
        <QueryErrorAlert query={unread} />
      ) : unread.data.orders.length === 0 ? (
        <p className="unread-messages__empty">
          {viewer === 'admin' ? ORDER_THREAD_TEXTS.adminNoUnread : ORDER_THREAD_TEXTS.noUnread}
        </p>
      ) : (
        <ul>
          {unread.data.orders.map((order) => (
            <li key={order.orderId}>
              <Link to={orderPagePath(order.orderId)}>
                {viewer === 'admin'
                  ? `${order.customerName}: ${order.packageName}`
                  : `Your ${order.packageName} order`}
              </Link>{' '}
              <Badge tone="warning">
                {order.unread} unread message{order.unread === 1 ? '' : 's'}
              </Badge>{' '}
              <time dateTime={order.latestAt} className="order-thread__size">
                {TIME.format(new Date(order.latestAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
