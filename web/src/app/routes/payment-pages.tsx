import { ORDER_TEXTS } from '@contracts/orders';
import { PAYMENT_TEXTS } from '@contracts/payments';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Container, Page, PageHeader, PageLoading, Section } from '../../components/ui/page';
import { useMyOrder } from '../../features/orders/api/orders';
import { CancelPayment } from '../../features/orders/components/cancel-payment';
import { PaymentReturn } from '../../features/orders/components/payment-return';
import { PaymentOutcomePage } from '../../features/orders/components/payment-return-order';
import { CheckoutForm } from '../../features/payments/components/checkout-form';
import { useAccount } from './use-account';

/**
 * `/pay-now/{id}`: the PayPal checkout of an unpaid order. An order whose payment PayPal holds as
 * pending, or which is under review, says so instead: PayPal would refuse a new payment of it.
 */
export function PayNowRoute() {
  const { id = '' } = useParams();
  const order = useMyOrder(id);
  const hold = order.data?.paymentStatus === 'UnPaid' ? order.data.paymentHold : null;
  if (hold) {
    return (
      <Page title="Pay Now">
        <PaymentOutcomePage
          title={hold === 'pending' ? ORDER_TEXTS.paymentPending : ORDER_TEXTS.paymentUnderReview}
          order={order.data}
        >
          <Alert tone={hold === 'pending' ? 'info' : 'error'}>
            {hold === 'pending' ? PAYMENT_TEXTS.pending : PAYMENT_TEXTS.review}
          </Alert>
        </PaymentOutcomePage>
      </Page>
    );
  }
  return (
    <Page title="Pay Now">
      <PageHeader eyebrow="Payment" title="Pay Now" />
      <Section>
        <Container>
          {order.isPending ? (
            <PageLoading label="Preparing the payment…" />
          ) : (
            <CheckoutForm orderId={id} />
          )}
        </Container>
      </Section>
    </Page>
  );
}

/** `/received-payment/{id}`: back from PayPal; the heading says what became of the order. */
export function ReceivedPaymentRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Payment">
      <PaymentReturn orderId={id} />
    </Page>
  );
}

/** `/order-cancelled/{id}`: the payment was cancelled at PayPal. */
export function OrderCancelledRoute() {
  const { id = '' } = useParams();
  const account = useAccount();
  if (!account) return null;
  return (
    <Page title="Payment cancelled">
      <CancelPayment orderId={id} isAdmin={account.isAdmin} />
    </Page>
  );
}
