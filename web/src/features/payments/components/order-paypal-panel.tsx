import { PAYMENT_TEXTS } from '@contracts/payments';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useOrderPaypal, useRefundPayment } from '../api/checkout';

/**
 * An order's PayPal Checkout payment on the admin's update screen: the PayPal order and capture ids, its
 * state, and a full 'Refund' through PayPal's API (confirmed first; success only once PayPal refunded).
 */
export function OrderPaypalPanel({ orderId }: { orderId: string }) {
  const paypal = useOrderPaypal(orderId);
  const refund = useRefundPayment(orderId);
  const { confirm, dialog } = useConfirm();

  if (paypal.isPending) return <SkeletonBlock label="Loading the PayPal payment" />;
  if (paypal.isError) {
    return (
      <QueryErrorAlert
        error={paypal.error}
        onRetry={() => void paypal.refetch()}
        isRetrying={paypal.isFetching}
      />
    );
  }
  const data = paypal.data;
  if (!data.paypalOrderId) {
    return data.integration === 'checkout' ? (
      <p>No PayPal Checkout payment for this order yet.</p>
    ) : null;
  }
  const onRefund = async () => {
    const confirmed = await confirm({
      title: 'Refund the whole payment through PayPal?',
      confirmLabel: 'Refund',
    });
    if (!confirmed) return;
    refund.mutate(undefined, {
      onSuccess: (result) =>
        result.status === 'REFUNDED'
          ? toast.success(PAYMENT_TEXTS.refunded)
          : toast.info(result.detail ?? 'PayPal has not completed the refund yet'),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <section className="card" aria-labelledby="paypal-payment-heading">
      <h2 id="paypal-payment-heading">PayPal payment</h2>
      <dl className="checkout__summary">
        <div>
          <dt>PayPal order</dt>
          <dd>{data.paypalOrderId}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{data.status}</dd>
        </div>
        <div>
          <dt>Capture</dt>
          <dd>{data.captureId ?? '—'}</dd>
        </div>
        <div>
          <dt>Refund</dt>
          <dd>{data.refundId ?? '—'}</dd>
        </div>
      </dl>
      {data.detail && <p>{data.detail}</p>}
      {data.refundable && (
        <Button
          type="button"
          variant="secondary"
          isLoading={refund.isPending}
          loadingText="Refunding…"
          onClick={() => void onRefund()}
        >
          Refund
        </Button>
      )}
      {dialog}
    </section>
  );
}
