import { ORDER_TEXTS } from '@contracts/orders';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { PageLoading } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/api-client';
import { useCancelMyOrder } from '../api/orders';

/** Spec §9: the cancel page moves on after 1.5 s. */
const MOVE_ON_MS = 1500;

/**
 * `/order-cancelled/{id}` (PayPal's `cancel_return`): cancels the unpaid order on opening, says so,
 * and moves on after 1.5 s (`/admin` for admins, `/dashboard` for customers). The server refuses
 * someone else's order or one that is not unpaid, and its message is shown instead.
 */
export function CancelPayment({ orderId, isAdmin }: { orderId: string; isAdmin: boolean }) {
  const cancel = useCancelMyOrder();
  const navigate = useNavigate();
  const started = useRef(false);

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

  if (cancel.isError) return <Alert tone="error">{errorMessage(cancel.error)}</Alert>;
  if (!cancel.isSuccess) return <PageLoading label="Cancelling the payment…" />;
  return <Alert>{ORDER_TEXTS.cancelPage}</Alert>;
}
