import { ORDER_TEXTS } from '@contracts/orders';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { PageHeader, PageLoading } from '../../../components/ui/page';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCancelMyOrder, useMyOrder } from '../api/orders';
import { PaymentOutcomePage } from './payment-return-order';

/** Spec §9: the cancel page moves on after 1.5 s. */
const MOVE_ON_MS = 1500;

const statusOf = (error: unknown) => (error instanceof ApiError ? error.statusCode : undefined);

/**
 * `/order-cancelled/{id}` (PayPal's `cancel_return`): cancels the unpaid order on opening, says so
 * with the order, and moves on after 1.5 s (`/admin` for admins, `/dashboard` for customers). The
 * server refuses someone else's order or one that is not unpaid: the heading then says so, with the
 * server's message and the order as it stands.
 */
export function CancelPayment({ orderId, isAdmin }: { orderId: string; isAdmin: boolean }) {
  const cancel = useCancelMyOrder();
  const navigate = useNavigate();
  const started = useRef(false);
  const refused = statusOf(cancel.error) === 409;
  // Refused as not unpaid: the order as it stands (cancelled already, paid, ...).
  const current = useMyOrder(orderId, undefined, refused);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    cancel.mutate(orderId);
  }, [cancel, orderId]);

  useEffect(() => {
    if (!cancel.isSuccess) return;
    const timer = setTimeout(() => navigate(isAdmin ? '/admin' : '/dashboard'), MOVE_ON_MS);
    return () => clearTimeout(timer);
  }, [cancel.isSuccess, isAdmin, navigate]);

  if (cancel.isSuccess) {
    return (
      <PaymentOutcomePage title="Payment cancelled" order={cancel.data}>
        <Alert>{ORDER_TEXTS.cancelPage}</Alert>
        <p>
          Your order is cancelled and nothing was charged. Order again from the pricing page
          whenever you like. Taking you to {isAdmin ? 'the admin panel' : 'your dashboard'}…
        </p>
      </PaymentOutcomePage>
    );
  }
  if (cancel.isError && !refused) {
    const missing = statusOf(cancel.error) === 404;
    return (
      <PaymentOutcomePage title={missing ? 'No such order' : 'The payment was not cancelled'}>
        <Alert tone="error">{errorMessage(cancel.error)}</Alert>
      </PaymentOutcomePage>
    );
  }
  if (refused && current.data) {
    const cancelledAlready = current.data.paymentStatus === 'Cancelled';
    return (
      <PaymentOutcomePage
        title={cancelledAlready ? 'Order cancelled' : 'This order cannot be cancelled'}
        order={current.data}
      >
        {cancelledAlready ? (
          <p>This order was cancelled already: nothing was charged.</p>
        ) : (
          <Alert tone="error">{errorMessage(cancel.error)}</Alert>
        )}
      </PaymentOutcomePage>
    );
  }
  if (refused && current.isError) {
    return (
      <PaymentOutcomePage title="This order cannot be cancelled">
        <Alert tone="error">{errorMessage(cancel.error)}</Alert>
      </PaymentOutcomePage>
    );
  }
  return (
    <>
      <PageHeader eyebrow="Payment" title="Cancelling the payment" />
      <PageLoading label="Cancelling the payment…" />
    </>
  );
}
