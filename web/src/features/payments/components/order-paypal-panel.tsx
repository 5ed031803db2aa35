import { formatMoney } from '@contracts/orders';
import { PAYMENT_TEXTS, type UnappliedPayment } from '@contracts/payments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { useOrderPaypal, useRefundPayment, useRefundUnappliedPayment } from '../api/checkout';

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
    return <QueryErrorAlert query={paypal} />;
  }
  const data = paypal.data;
  const unapplied = <UnappliedPayments orderId={orderId} payments={data.unappliedPayments} />;
  if (!data.paypalOrderId) {
    return (
      <>
        {data.integration === 'checkout' && <p>No PayPal Checkout payment for this order yet.</p>}
        {unapplied}
      </>
    );
  }
  const onRefund = async () => {
    const confirmed = await confirm({
      title: 'Refund the whole payment through PayPal?',
      confirmLabel: 'Refund',
    });
    if (!confirmed) return;
    // The hook confirms (or says the server's reason) once, and refreshes what the refund changed.
    refund.mutate();
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
      {unapplied}
    </section>
  );
}

const UNAPPLIED_STATUS: Record<UnappliedPayment['status'], string> = {
  needs_attention: 'Needs attention',
  refunding: 'Refund under way',
  refunded: 'Refunded',
};

/**
 * Money that arrived while the order was not unpaid (a second payment, a payment after a cancel): never
 * applied to the order, listed with 'Refund this payment' (Checkout) or where to refund it (Standard).
 */
function UnappliedPayments({
  orderId,
  payments,
}: {
  orderId: string;
  payments: UnappliedPayment[];
}) {
  const refund = useRefundUnappliedPayment(orderId);
  const { confirm, dialog } = useConfirm();
  if (payments.length === 0) return null;
  const onRefund = async (payment: UnappliedPayment) => {
    const confirmed = await confirm({
      title: `Refund ${formatMoney(payment.amount)} through PayPal?`,
      confirmLabel: 'Refund this payment',
    });
    if (!confirmed) return;
    refund.mutate(payment._id);
  };
  const open = payments.filter((payment) => payment.status !== 'refunded').length;
  return (
    <section aria-labelledby="unapplied-payments-heading">
      <h3 id="unapplied-payments-heading">Payments not applied to this order</h3>
      {open > 0 && (
        <Alert tone="error">
          {open === 1 ? 'One payment needs' : `${open} payments need`} attention: the order did not
          take {open === 1 ? 'it' : 'them'}, so the customer should get the money back.
        </Alert>
      )}
      <ul className="unapplied-payments">
        {payments.map((payment) => (
          <li key={payment._id}>
            <p>
              <strong>{formatMoney(payment.amount)}</strong> ({payment.reference}) —{' '}
              {UNAPPLIED_STATUS[payment.status]}
            </p>
            <p>{payment.reason}</p>
            {payment.detail && <p>{payment.detail}</p>}
            {payment.refundable ? (
              <Button
                type="button"
                variant="secondary"
                isLoading={refund.isPending && refund.variables === payment._id}
                loadingText="Refunding…"
                onClick={() => void onRefund(payment)}
              >
                Refund this payment
              </Button>
            ) : (
              payment.channel === 'standard' &&
              payment.status === 'needs_attention' && (
                <p>{PAYMENT_TEXTS.refundInPaypal(payment.reference)}</p>
              )
            )}
          </li>
        ))}
      </ul>
      {dialog}
    </section>
  );
}
