import { formatOrderDate, ORDER_STATUSES, ORDER_TEXTS, type OrderStatus } from '@contracts/orders';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import {
  useAdminOrder,
  useCancelAsAdmin,
  useRecordPayment,
  useSetOrderStatus,
} from '../api/orders';
import { InvoiceLinks } from './invoice-links';
import { OrderDisputeCard } from './order-dispute';
import './orders.css';
import { orderPrice } from './order-price';

/**
 * `/admin/payment-status/{id}`: the order, a dispute of its payment, its delivery status, an offline
 * payment or a cancellation.
 */
export function OrderUpdatePanel({
  orderId,
  canUpdate = true,
}: {
  orderId: string;
  /** The status, payment and cancel forms: admins only (support reads the order). */
  canUpdate?: boolean;
}) {
  const idPrefix = useId();
  const order = useAdminOrder(orderId);
  const setStatus = useSetOrderStatus(orderId);
  const recordPayment = useRecordPayment(orderId);
  const cancel = useCancelAsAdmin(orderId);
  const { confirm, dialog } = useConfirm();
  const [status, setStatusValue] = useState<OrderStatus | ''>('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  if (order.isPending) return <SkeletonBlock label="Loading the order" />;
  if (order.isError) {
    return <QueryErrorAlert query={order} />;
  }
  const current = order.data;
  const chosen = status || current.orderStatus;

  const saveStatus = (event: FormEvent) => {
    event.preventDefault();
    setStatus.mutate(chosen, {
      onSuccess: () => toast.success(ORDER_TEXTS.statusUpdated),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const withReason = async (action: 'payment' | 'cancel') => {
    if (!reason.trim()) {
      setReasonError('Reason is Required');
      return;
    }
    setReasonError(null);
    const confirmed = await confirm({
      title:
        action === 'payment'
          ? `Mark this order Paid (received outside PayPal)?`
          : 'Cancel this order?',
      confirmLabel: action === 'payment' ? 'Mark Paid' : 'Cancel order',
      message:
        action === 'cancel' ? 'The customer is told by e-mail, with this reason.' : undefined,
    });
    if (!confirmed) return;
    const mutation = action === 'payment' ? recordPayment : cancel;
    mutation.mutate(reason.trim(), {
      onSuccess: () => {
        setReason('');
        toast.success(action === 'payment' ? 'Payment recorded' : 'Order cancelled');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <div className="order-update">
      <section className="card order-update__details" aria-labelledby={`${idPrefix}-details`}>
        <h2 id={`${idPrefix}-details`}>Order</h2>
        <dl className="order-details">
          <dt>Order Date</dt>
          <dd>{formatOrderDate(current.orderDate)}</dd>
          <dt>Package</dt>
          <dd>{current.packageName}</dd>
          <dt>Price</dt>
          <dd>{orderPrice(current)}</dd>
          <dt>Customer Name</dt>
          <dd>{current.customerName}</dd>
          <dt>Customer Email</dt>
          <dd>{current.customerEmail}</dd>
          <dt>Payment Status</dt>
          <dd>
            {current.paymentStatus}
            {current.paidVia && ` (${current.paidVia === 'paypal' ? 'PayPal' : 'offline'})`}
          </dd>
          <dt>Order Status</dt>
          <dd>{current.orderStatus}</dd>
          {current.paymentStatus !== 'UnPaid' && current.paymentStatus !== 'Cancelled' && (
            <>
              <dt>Invoices</dt>
              <dd>
                <InvoiceLinks order={current} />
              </dd>
            </>
          )}
          {current.note && (
            <>
              <dt>Note</dt>
              <dd>{current.note}</dd>
            </>
          )}
        </dl>
        {current.reviewReason && (
          <Alert tone="error">A payment notification needs review: {current.reviewReason}</Alert>
        )}
        {current.paymentEvent && <Alert>PayPal reported later: {current.paymentEvent}</Alert>}
      </section>

      {current.dispute && <OrderDisputeCard dispute={current.dispute} />}

      {canUpdate && (
        <form
          className="card order-update__form"
          onSubmit={saveStatus}
          aria-busy={setStatus.isPending || undefined}
        >
          <FormField id={`${idPrefix}-status`} label="Order Status">
            {(control) => (
              <select
                {...control}
                className="input"
                value={chosen}
                onChange={(event) => setStatusValue(event.target.value as OrderStatus)}
              >
                {ORDER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" isLoading={setStatus.isPending} loadingText="Updating…">
            Update Status
          </Button>
        </form>
      )}

      {canUpdate && current.paymentStatus === 'UnPaid' && (
        <section className="card order-update__form" aria-labelledby={`${idPrefix}-payment`}>
          <h2 id={`${idPrefix}-payment`}>Payment received elsewhere, or cancel</h2>
          <FormField id={`${idPrefix}-reason`} label="Reason" error={reasonError ?? undefined}>
            {(control) => (
              <Input
                {...control}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                placeholder="e.g. Paid by bank transfer on 11/20"
              />
            )}
          </FormField>
          <div className="order-update__actions">
            <Button
              type="button"
              variant="secondary"
              isLoading={recordPayment.isPending}
              loadingText="Saving…"
              onClick={() => void withReason('payment')}
            >
              Record payment
            </Button>
            <Button
              type="button"
              variant="ghost"
              isLoading={cancel.isPending}
              loadingText="Cancelling…"
              onClick={() => void withReason('cancel')}
            >
              Cancel order
            </Button>
          </div>
        </section>
      )}
      {dialog}
    </div>
  );
}
