import { formatMoney, ORDER_TEXTS } from '@contracts/orders';
import { PAYMENT_TEXTS } from '@contracts/payments';
import { Alert } from '../../../components/ui/alert';
import { PageLoading } from '../../../components/ui/page';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { useMyOrder } from '../api/orders';
import { PaymentCell } from './payment-cell';
import './orders.css';

/** Polls every 2 s while PayPal's confirmation is awaited. */
const WAIT_MS = 2000;

/**
 * `/received-payment/{id}` (PayPal's `return`): the order, and 'Waiting for confirmation from
 * PayPal…' until the verified notification made it Paid: a return alone proves nothing.
 */
export function PaymentReturn({ orderId }: { orderId: string }) {
  const order = useMyOrder(orderId, (data) => (data?.paymentStatus === 'UnPaid' ? WAIT_MS : false));
  if (order.isPending) return <PageLoading label="Loading your order…" />;
  if (order.isError) {
    return <QueryErrorAlert query={order} />;
  }
  const current = order.data;
  return (
    <div className="card payment-return">
      <p>
        {current.packageName} — {formatMoney(current.packagePrice)}
      </p>
      <div aria-live="polite">
        {current.paymentStatus === 'UnPaid' ? (
          <Alert>{PAYMENT_TEXTS.waiting}</Alert>
        ) : current.paymentStatus === 'Paid' ? (
          <Alert tone="success">{ORDER_TEXTS.paid}</Alert>
        ) : (
          <PaymentCell order={current} />
        )}
      </div>
    </div>
  );
}
