import { Button } from '../../../components/ui/button';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { DataTable } from '../../../components/ui/table';
import { useOrderNotifications, useVerifyNotificationAgain } from '../api/checkout';

const VERIFIABLE_AGAIN = new Set(['failed', 'invalid', 'mismatch']);

/**
 * The PayPal notifications (IPN messages, webhook events) of an order, with what verification found,
 * and 'Verify again' for those that failed: confirmed once, the row "pending" at once, then its result.
 */
export function OrderNotifications({ orderId }: { orderId: string }) {
  const notifications = useOrderNotifications(orderId);
  const verify = useVerifyNotificationAgain(orderId);

  if (notifications.isPending) return <SkeletonBlock label="Loading the PayPal notifications" />;
  if (notifications.isError) {
    return <QueryErrorAlert query={notifications} />;
  }
  if (notifications.data.length === 0) return <p>No PayPal notification for this order yet.</p>;
  return (
    <DataTable>
      <caption className="data-table__caption">PayPal notifications</caption>
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col">Channel</th>
          <th scope="col">Transaction</th>
          <th scope="col">PayPal status</th>
          <th scope="col">Result</th>
          <th scope="col">Detail</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {notifications.data.map((notification) => (
          <tr key={notification._id}>
            <td>{new Date(notification.receivedAt).toLocaleString('en-US')}</td>
            <td>
              {notification.channel === 'webhook'
                ? `Webhook ${notification.eventType ?? ''}`.trim()
                : 'IPN'}
            </td>
            <td>{notification.txnId ?? '—'}</td>
            <td>{notification.paymentStatus ?? '—'}</td>
            <td>{notification.result}</td>
            <td className="data-table__text">{notification.detail ?? ''}</td>
            <td>
              {VERIFIABLE_AGAIN.has(notification.result) && (
                <Button
                  type="button"
                  variant="secondary"
                  isLoading={verify.isPending && verify.variables === notification._id}
                  loadingText="Sending…"
                  onClick={() => verify.mutate(notification._id)}
                >
                  Verify again
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
