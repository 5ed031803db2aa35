import { Button } from '../../../components/ui/button';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { DataTable, DataTableHead } from '../../../components/ui/table';
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
      <DataTableHead
        columns={['Received', 'Channel', 'Transaction', 'PayPal status', 'Result', 'Detail']}
        actions="Action"
      />
      <tbody role="rowgroup">
        {notifications.data.map((notification) => (
          <tr key={notification._id} role="row">
            <td role="cell" data-label="Received">
              {new Date(notification.receivedAt).toLocaleString('en-US')}
            </td>
            <td role="cell" data-label="Channel">
              {notification.channel === 'webhook'
                ? `Webhook ${notification.eventType ?? ''}`.trim()
                : 'IPN'}
            </td>
            <td role="cell" data-label="Transaction">
              {notification.txnId ?? '—'}
            </td>
            <td role="cell" data-label="PayPal status">
              {notification.paymentStatus ?? '—'}
            </td>
            <td role="cell" data-label="Result">
              {notification.result}
            </td>
            <td className="data-table__text" role="cell" data-label="Detail">
              {notification.detail ?? ''}
            </td>
            <td role="cell">
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
