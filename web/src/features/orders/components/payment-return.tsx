import { type Order, ORDER_TEXTS } from '@contracts/orders';
import { PAYMENT_TEXTS } from '@contracts/payments';
import { type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { PageHeader, PageLoading } from '../../../components/ui/page';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useMyOrder } from '../api/orders';
import { PaymentOutcomePage } from './payment-return-order';
import './orders.css';

/** Polls every 2 s while PayPal's confirmation is awaited. */
const WAIT_MS = 2000;

/** The heading and the word on what happens next, for each state the order can be in here. */
function outcome(order: Order): { title: string; next: ReactNode } {
  switch (order.paymentStatus) {
    case 'Paid':
      return {
        title: 'Thank you',
        next: (
          <>
            <Alert tone="success">{ORDER_TEXTS.paid}</Alert>
            <p>
              Your receipt is on its way by e-mail. We start on your order now and e-mail you when
              it is delivered.
            </p>
          </>
        ),
      };
    case 'UnPaid':
      if (order.paymentHold === 'pending') {
        return {
          title: ORDER_TEXTS.paymentPending,
          next: <Alert>{PAYMENT_TEXTS.pending}</Alert>,
        };
      }
      if (order.paymentHold === 'review') {
        return {
          title: ORDER_TEXTS.paymentUnderReview,
          next: <Alert tone="error">{PAYMENT_TEXTS.review}</Alert>,
        };
      }
      return {
        title: 'Not paid yet',
        next: (
          <>
            <Alert>{PAYMENT_TEXTS.waiting}</Alert>
            <p>
              If you paid at PayPal, this page changes as soon as PayPal confirms the payment. If
              you did not, you can pay the order from My Orders.
            </p>
          </>
        ),
      };
    case 'Cancelled':
      return {
        title: 'This order was cancelled',
        next: <p>It was not paid, and nothing more happens with it. Order again any time.</p>,
      };
    case 'Refunded':
      return {
        title: 'Payment refunded',
        next: <p>The payment of this order was refunded to you through PayPal.</p>,
      };
    case 'Disputed':
      return {
        title: ORDER_TEXTS.disputed,
        next: <p>PayPal holds the payment until the dispute is resolved.</p>,
      };
    case 'Reversed':
      return {
        title: ORDER_TEXTS.reversed,
        next: <p>PayPal took the payment back: this order is not paid.</p>,
      };
  }
}

/**
 * `/received-payment/{id}` (PayPal's `return`): the order, and 'Waiting for confirmation from
 * PayPal…' until the verified notification made it Paid: a return alone proves nothing. The heading
 * says what is true: 'Thank you' only for a paid order, 'No such order' for an id that is not the
 * customer's.
 */
export function PaymentReturn({ orderId }: { orderId: string }) {
  const order = useMyOrder(orderId, (data) => (data?.paymentStatus === 'UnPaid' ? WAIT_MS : false));
  if (order.isPending) {
    return (
      <>
        <PageHeader eyebrow="Payment" title="Your payment" />
        <PageLoading label="Loading your order…" />
      </>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.statusCode === 404;
    return (
      <PaymentOutcomePage title={missing ? 'No such order' : 'We could not load your order'}>
        {missing ? (
          <p>{ORDER_TEXTS.notYours} Your orders are listed in My Orders.</p>
        ) : (
          <QueryErrorAlert query={order} />
        )}
      </PaymentOutcomePage>
    );
  }
  const { title, next } = outcome(order.data);
  return (
    <PaymentOutcomePage title={title} order={order.data}>
      {next}
    </PaymentOutcomePage>
  );
}
